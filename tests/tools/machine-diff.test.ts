import { describe, expect, it } from 'vitest'
import { describeMachine } from '../../scripts/lib/machine-model'
import { diffMachines, diffMarkdown } from '../../scripts/lib/machine-diff'
import { couponAfter, trainingAfter } from './fixtures/machines-diff/after'
import { couponBefore, lotteryBefore } from './fixtures/machines-diff/before'
import { run, runScript } from './support/run-script'

const before = [couponBefore, lotteryBefore].map(describeMachine)
const after = [couponAfter, trainingAfter].map(describeMachine)

describe('diffMachines', () => {
  const changes = diffMachines(before, after)
  const coupon = changes.find((change) => change.id === 'coupon')

  it('names the machines added and removed', () => {
    expect(changes.map((change) => [change.id, change.kind])).toEqual([
      ['coupon', 'changed'],
      ['training', 'added'],
      ['lottery', 'removed'],
    ])
  })

  it('lists states added, removed and reworded', () => {
    expect(coupon?.kind === 'changed' && coupon.states).toEqual([
      'Added `buying`: Waiting for the server to sell the coupon.',
      'Description of `active`: "The coupon runs." → "The coupon runs until it is claimed."',
      'Removed `discarded`',
    ])
  })

  it('lists transitions retargeted, with their guard, actions, money and requirements changed', () => {
    expect(coupon?.kind === 'changed' && coupon.transitions).toEqual([
      ['retargeted', '`active` --coupon.claim-->', '`claimed` → `pending`'],
      ['guard changed', '`pending` --coupon.buy--> `buying`', '`hasBalance` → `canAfford`'],
      ['retargeted', '`pending` --coupon.buy [canAfford]-->', '`active` → `buying`'],
      [
        'actions changed',
        '`pending` --coupon.buy [canAfford]--> `buying`',
        '`chargeBalance` → `chargeBalance`, `notifyPurchase`',
      ],
      [
        'money changed',
        '`pending` --coupon.buy [canAfford]--> `buying`',
        'none → `−gems POST /api/coupon/buy`',
      ],
      [
        'requirements changed',
        '`pending` --coupon.buy [canAfford]--> `buying`',
        'none → `REQ-COUPON-1`',
      ],
      ['added', '`buying` --coupon.bought--> `active`', 'Sold.'],
      ['removed', '`pending` --coupon.discard--> `discarded`', ''],
    ])
  })

  it('names the guards, actions and delays whose code or value changed', () => {
    expect(coupon?.kind === 'changed' && coupon.implementations).toEqual([
      'Guard `canAfford` added',
      'Guard `hasBalance` removed',
      'Action `chargeBalance`: its code changed',
      'Action `notifyPurchase` added',
      'Delay `expiry`: 60000 → 30000 ms',
    ])
  })

  it('says so when nothing changed', () => {
    expect(diffMachines(before, [couponBefore, lotteryBefore].map(describeMachine))).toEqual([])
    expect(diffMarkdown([], '`main` (abc1234)', ['coupon'])).toBe(
      '## Machine changes since `main` (abc1234)\n\nNo machine changed.\n',
    )
  })

  it('writes Markdown a reviewer can paste', () => {
    const markdown = diffMarkdown(changes, '`main` (abc1234)', [])
    expect(markdown).toContain('## Machine changes since `main` (abc1234)')
    expect(markdown).toContain('1 changed, 1 added, 1 removed.')
    expect(markdown).toContain('### `coupon` changed')
    expect(markdown).toContain(
      'Description: "An express coupon." → "An express coupon, bought with gems."',
    )
    expect(markdown).toContain('| Change               | Transition')
    expect(markdown).toContain('### `training` added\n\nDaily training.')
  })
})

describe('npm run machines:diff', () => {
  it('reads the machines at a git ref the same way as the working tree: no false change', async () => {
    const { code, stdout, stderr } = await runScript('machines-diff', ['HEAD'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toMatch(/^## Machine changes since `HEAD` \([0-9a-f]{7,}\)\n/)
    // Only a machine whose files (or what it imports) changed since HEAD may be listed: the
    // ref's tree once loaded as CommonJS printed its functions otherwise, and 19 unchanged
    // machines came out changed.
    const status = await run('git', ['status', '--porcelain', '--', 'machines', 'contract', 'src'])
    const edited = status.stdout.split('\n').filter(Boolean)
    const listed = [...stdout.matchAll(/^### `([^`]+)` changed$/gm)].map((match) => match[1])
    const sharedEdited = edited.some((line) => !/ machines\/[^/]+\/[^/]+\.ts$/.test(line))
    if (!sharedEdited) {
      const editedMachines = edited.map((line) => line.split('/')[1])
      expect(listed.filter((id) => !editedMachines.includes(id))).toEqual([])
    }
    if (edited.length === 0) expect(stdout).toContain('No machine changed.')
  })

  it('refuses a ref the repository does not know', async () => {
    const { code, stderr } = await runScript('machines-diff', ['no-such-branch'])
    expect(code).toBe(1)
    expect(stderr).toContain('"no-such-branch" is not a commit this repository knows.')
  })
})
