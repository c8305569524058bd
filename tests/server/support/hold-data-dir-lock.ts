// Run as `node --import tsx hold-data-dir-lock.ts <dir> <lockWithKernelName|lockWithSocketFile>`:
// takes the lock in this very process (no tsx wrapper process in between, so a SIGKILL reaches the
// holder), prints 'locked', and stays alive until killed.
import { lockWithKernelName, lockWithSocketFile } from '../../../server/db/data-dir-lock'

const [dir, strategy] = process.argv.slice(2)
if (!dir) throw new Error('usage: hold-data-dir-lock.ts <dir> <strategy>')
const lock = strategy === 'lockWithSocketFile' ? lockWithSocketFile : lockWithKernelName
void lock(dir).then(() => {
  console.info('locked')
  setInterval(() => {}, 60_000)
})
