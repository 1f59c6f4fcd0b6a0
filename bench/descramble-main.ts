/** `npx tsx bench/descramble-main.ts`: the descramble benchmark alone. */
import { descrambleBenchmark, formatDescrambleBenchmark } from './descramble.ts'

const result = await descrambleBenchmark()
for (const line of formatDescrambleBenchmark(result)) console.log(line)
