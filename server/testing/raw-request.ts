import { connect } from 'node:net'

/**
 * One HTTP/1.1 request with its path exactly as written, as an attacker's client would send it:
 * inject() and fetch() resolve dot segments before the server sees them.
 */
export function rawRequest(
  origin: string,
  path: string,
  options: { method?: string; body?: string } = {},
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin)
  const body = options.body ?? ''
  const head = [
    `${options.method ?? 'GET'} ${path} HTTP/1.1`,
    `Host: ${hostname}`,
    'Connection: close',
    ...(body ? ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`] : []),
  ]
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${head.join('\r\n')}\r\n\r\n${body}`))
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      const [status = '', answer = ''] = text.split('\r\n\r\n')
      resolve({ status: Number(status.split(' ')[1]), body: answer })
    })
  })
}
