import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import net from 'node:net'
import { count, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Inbox } from '../../contract/inbox'
import type { CurrentOrder, TerydollarOrder } from '../../contract/terydollar'
import { runCommand } from '../../server/cli'
import { createHttpServer } from '../../server/http/client-error'
import { terydollarOrders, uploads } from '../../server/db/schema'
import { databaseFileStore, directoryFileStore } from '../../server/services/file-store'
import { getBalances } from '../../server/services/ledger'
import { runJobOnce } from '../../server/services/jobs'
import { TERYDOLLAR_RULES } from '../../server/services/rules'
import { demoOperatorJob } from '../../server/services/scheduled-jobs'
import { assertEconomyInvariant } from './support/economy'
import { newPlayer, PNG, type TestPlayer } from './support/players'
import { onPostgres, ORIGIN, startTestServer, type TestServer } from './support/test-server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server.close()
})

afterEach(async () => {
  await assertEconomyInvariant(server.db)
})

function order(
  player: TestPlayer,
  path: '/api/terydollar' | '/api/terydollar/other',
  body: unknown,
) {
  return server.call<TerydollarOrder>(path, { body, cookie: player.cookie })
}

function sendVoucher(
  player: TestPlayer,
  orderId: number | string,
  bytes: Uint8Array = PNG,
  type = 'image/png',
) {
  return server.call<TerydollarOrder>(`/api/terydollar/sendOrderVoucher?orderId=${orderId}`, {
    body: bytes,
    headers: { 'content-type': type },
    cookie: player.cookie,
  })
}

function current(player: TestPlayer) {
  return server.call<CurrentOrder>('/api/terydollar', { cookie: player.cookie })
}

/** Runs an operator command against the test's database, returning what it printed. */
async function admin(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCommand(server.db, argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

async function orderWithVoucher(amount = 50) {
  const player = await newPlayer(server)
  const created = await order(player, '/api/terydollar', { method: 'usdt', amount })
  expect((await sendVoucher(player, created.body.data.id)).status).toBe(200)
  return { player, orderId: created.body.data.id }
}

describe('ordering terydollars', () => {
  it('creates an order saying what to pay and where, waiting for the voucher', async () => {
    const player = await newPlayer(server)
    expect((await current(player)).body.data.order).toBeNull()
    const crypto = await order(player, '/api/terydollar', { method: 'btc', amount: 25 })
    expect(crypto.status).toBe(201)
    expect(crypto.body.message).toBe('Orden creada. Paga y envía tu comprobante.')
    expect(crypto.body.data).toMatchObject({
      method: 'btc',
      amount: 25,
      pay: { amount: 25, currency: 'USD' },
      payTo: { label: 'Dirección Bitcoin (red Bitcoin)', value: expect.stringMatching(/^bc1/) },
      state: 'awaitingVoucher',
      voucherSentAt: null,
    })
    expect((await current(player)).body.data.order?.id).toBe(crypto.body.data.id)
  })

  it('prices Nequi and Bancolombia in pesos through /other', async () => {
    const player = await newPlayer(server)
    const result = await order(player, '/api/terydollar/other', { method: 'nequi', amount: 10 })
    expect(result.status).toBe(201)
    expect(result.body.data.pay).toEqual({ amount: 42_000, currency: 'COP' })
  })

  it.each([
    ['/api/terydollar', { method: 'nequi', amount: 10 }, 'Elige un método de pago válido'],
    ['/api/terydollar/other', { method: 'btc', amount: 10 }, 'Elige un método de pago válido'],
    ['/api/terydollar', { method: 'btc', amount: 4 }, 'El mínimo es 5'],
    ['/api/terydollar', { method: 'btc', amount: 1_001 }, 'El máximo es 1.000'],
    ['/api/terydollar', { method: 'btc', amount: 'diez' }, 'Número no válido'],
  ] as const)('refuses %s %j with 400 and writes no order', async (path, body, message) => {
    const player = await newPlayer(server)
    const result = await order(player, path, body)
    expect(result.status).toBe(400)
    expect(result.body.message).toBe(message)
    const [row] = await server.db
      .select({ n: count() })
      .from(terydollarOrders)
      .where(eq(terydollarOrders.userId, player.id))
    expect(row?.n).toBe(0)
  })

  it('allows one open order at a time, even when two are sent at once', async () => {
    const player = await newPlayer(server)
    const results = await Promise.all([
      order(player, '/api/terydollar', { method: 'btc', amount: 10 }),
      order(player, '/api/terydollar/other', { method: 'paypal', amount: 10 }),
    ])
    expect(results.map((result) => result.status).sort()).toEqual([201, 409])
    expect(results.find((result) => result.status === 409)?.body.message).toBe(
      'Ya tienes una orden de compra abierta',
    )
  })
})

describe('POST /api/terydollar/sendOrderVoucher', () => {
  it('logs a player who hangs up in the middle of the upload as one line, not as an error', async () => {
    const player = await newPlayer(server)
    const created = await order(player, '/api/terydollar', { method: 'usdt', amount: 20 })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const infos = vi.spyOn(console, 'info').mockImplementation(() => {})
    // Over a real socket, as a browser whose tab closes: a 100 kB image announced, 1 kB sent.
    const http = createHttpServer(server.app.fetch)
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    const address = http.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const socket = net.connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(
      `POST /api/terydollar/sendOrderVoucher?orderId=${created.body.data.id} HTTP/1.1\r\n` +
        `Host: 127.0.0.1:${port}\r\nOrigin: ${ORIGIN}\r\nCookie: ${player.cookie}\r\n` +
        'Content-Type: image/png\r\nContent-Length: 100000\r\n\r\n',
    )
    socket.write(Buffer.alloc(1000))
    await new Promise((resolve) => setTimeout(resolve, 300))
    socket.destroy()
    await vi.waitFor(() => {
      expect(infos).toHaveBeenCalledWith(
        'Solicitud abandonada por el cliente: POST /api/terydollar/sendOrderVoucher',
      )
    })
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
    infos.mockRestore()
    await new Promise((resolve) => http.close(resolve))
    // Nothing was kept: the order still waits for its voucher.
    expect((await current(player)).body.data.order).toMatchObject({ state: 'awaitingVoucher' })
  })

  it('keeps the image and puts the order in review; a second one replaces the first', async () => {
    const player = await newPlayer(server)
    const created = await order(player, '/api/terydollar', { method: 'usdt', amount: 30 })
    const sent = await sendVoucher(player, created.body.data.id)
    expect(sent.status).toBe(200)
    expect(sent.body.message).toBe('Recibimos tu comprobante. Lo revisaremos pronto.')
    expect(sent.body.data).toMatchObject({
      state: 'voucherSent',
      voucherSentAt: expect.any(String),
    })

    const webp = new Uint8Array([
      ...new TextEncoder().encode('RIFF'),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode('WEBPVP8 '),
      1,
      2,
      3,
    ])
    expect((await sendVoucher(player, created.body.data.id, webp, 'image/webp')).status).toBe(200)
    const [row] = await server.db
      .select()
      .from(terydollarOrders)
      .where(eq(terydollarOrders.id, created.body.data.id))
    expect(row).toMatchObject({ voucherType: 'image/webp', voucherBytes: webp.length })
    const stored = await databaseFileStore(server.db).get(row?.voucherKey ?? '')
    expect(stored?.bytes).toEqual(webp)
    // The first voucher was removed with its replacement.
    const [files] = await server.db
      .select({ n: count() })
      .from(uploads)
      .where(eq(uploads.key, row?.voucherKey ?? ''))
    expect(files?.n).toBe(1)
  })

  it.each([
    [
      'a PDF',
      new TextEncoder().encode('%PDF-1.7'),
      'application/pdf',
      415,
      'El tipo de archivo no está permitido',
    ],
    [
      'an SVG named PNG',
      new TextEncoder().encode('<svg xmlns="x"/>'),
      'image/png',
      400,
      'El archivo no es una imagen válida',
    ],
    ['a PNG sent as JPEG', PNG, 'image/jpeg', 400, 'El archivo no es una imagen válida'],
    ['an empty body', new Uint8Array(), 'image/png', 400, 'El archivo no es una imagen válida'],
  ])('refuses %s and keeps nothing', async (_, bytes, type, status, message) => {
    const player = await newPlayer(server)
    const created = await order(player, '/api/terydollar', { method: 'btc', amount: 10 })
    const [before] = await server.db.select({ n: count() }).from(uploads)
    const result = await sendVoucher(player, created.body.data.id, bytes, type)
    expect(result.status).toBe(status)
    expect(result.body.message).toBe(message)
    const [after] = await server.db.select({ n: count() }).from(uploads)
    expect(after?.n).toBe(before?.n)
    expect((await current(player)).body.data.order?.state).toBe('awaitingVoucher')
  })

  it('refuses a file over the size limit with 413', async () => {
    const player = await newPlayer(server)
    const created = await order(player, '/api/terydollar', { method: 'btc', amount: 10 })
    const big = new Uint8Array(TERYDOLLAR_RULES.voucher.maxBytes + 1)
    big.set(PNG)
    const result = await sendVoucher(player, created.body.data.id, big)
    expect(result.status).toBe(413)
    expect(result.body.message).toBe('El archivo supera el tamaño permitido')
  })

  it("answers 404 for another player's order and 409 for a reviewed one", async () => {
    const { orderId } = await orderWithVoucher()
    const stranger = await newPlayer(server)
    const result = await sendVoucher(stranger, orderId)
    expect(result.status).toBe(404)
    expect(result.body.message).toBe('La orden no existe')

    const { player, orderId: reviewed } = await orderWithVoucher()
    expect((await admin('approve-order', String(reviewed))).code).toBe(0)
    const late = await sendVoucher(player, reviewed)
    expect(late.status).toBe(409)
    expect(late.body.message).toBe('La orden ya fue revisada')
  })

  it('keeps vouchers as files under a folder when given a directory store', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'tery-uploads-'))
    try {
      const store = directoryFileStore(folder)
      await store.put('vouchers/7-abc123.png', { bytes: PNG, type: 'image/png' })
      expect(await readFile(path.join(folder, 'vouchers/7-abc123.png'))).toEqual(Buffer.from(PNG))
      expect(await store.get('vouchers/7-abc123.png')).toEqual({ bytes: PNG, type: 'image/png' })
      expect(store.locate('vouchers/7-abc123.png')).toBe(path.join(folder, 'vouchers/7-abc123.png'))
      await store.remove('vouchers/7-abc123.png')
      expect(await store.get('vouchers/7-abc123.png')).toBeNull()
      await expect(store.put('../fuera.png', { bytes: PNG, type: 'image/png' })).rejects.toThrow(
        'Invalid file key',
      )
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})

describe('the operator', () => {
  it('lists open orders with their vouchers, approves one and credits it once', async () => {
    const { player, orderId } = await orderWithVoucher(50)
    const listed = await admin('orders')
    expect(listed.code).toBe(0)
    expect(listed.out).toContain(`#${orderId}  voucherSent`)
    expect(listed.out).toContain(`save-voucher ${orderId}`)

    const approved = await admin('approve-order', String(orderId))
    expect(approved).toMatchObject({
      code: 0,
      out: `Approved order #${orderId}: 50 terydollars credited.`,
    })
    expect((await getBalances(server.db, player.id)).terydollars).toBe(50)
    const again = await admin('approve-order', String(orderId))
    expect(again.code).toBe(1)
    expect(again.err).toContain('is approved')
    expect((await getBalances(server.db, player.id)).terydollars).toBe(50)

    const seen = await current(player)
    expect(seen.body.data.order?.state).toBe('approved')
    expect(seen.body.data.balances.terydollars).toBe(50)
  })

  it('approves an order at most once when approvals race', async () => {
    const { player, orderId } = await orderWithVoucher(40)
    const results = await Promise.all(
      Array.from({ length: 20 }, () => admin('approve-order', String(orderId))),
    )
    expect(results.filter((result) => result.code === 0)).toHaveLength(1)
    expect((await getBalances(server.db, player.id)).terydollars).toBe(40)
  })

  it('rejects with a reason the player reads, and credits nothing', async () => {
    const { player, orderId } = await orderWithVoucher()
    const rejected = await admin(
      'reject-order',
      String(orderId),
      'El comprobante no coincide con el valor',
    )
    expect(rejected.code).toBe(0)
    expect((await current(player)).body.data.order).toMatchObject({
      state: 'rejected',
      rejectionReason: 'El comprobante no coincide con el valor',
    })
    expect((await getBalances(server.db, player.id)).terydollars).toBe(0)
    expect((await admin('reject-order', String(orderId), 'otra vez')).code).toBe(1)
    expect((await admin('reject-order', String(orderId), '')).err).toContain('1 to 200 characters')
    // The player may order again.
    expect((await order(player, '/api/terydollar', { method: 'btc', amount: 5 })).status).toBe(201)
  })

  it.each([
    ['approve-order', [], { outcome: 'approved', reason: null }],
    [
      'reject-order',
      ['El comprobante no coincide con el valor'],
      { outcome: 'rejected', reason: 'El comprobante no coincide con el valor' },
    ],
  ] as const)(
    '%s tells the player in the inbox and on the order, until the player acknowledges it once',
    async (command, extra, told) => {
      const { player, orderId } = await orderWithVoucher(30)
      expect((await current(player)).body.data.order?.outcomeMessageId).toBeNull()
      expect((await admin(command, String(orderId), ...extra)).code).toBe(0)

      const inbox = await server.call<Inbox>('/api/messages', { cookie: player.cookie })
      const message = inbox.body.data.messages.find((item) => item.kind === 'terydollarOrder')
      expect(message).toMatchObject({
        kind: 'terydollarOrder',
        payload: { orderId, amount: 30, ...told },
      })
      const order = (await current(player)).body.data.order
      expect(order?.outcomeMessageId).toBe(message?.id)

      const read = await server.call<Inbox>('/api/messages', {
        method: 'PATCH',
        body: { id: message?.id },
        cookie: player.cookie,
      })
      expect(read.status).toBe(200)
      expect(read.body.data.messages.some((item) => item.kind === 'terydollarOrder')).toBe(false)
      expect((await current(player)).body.data.order).toMatchObject({
        state: told.outcome,
        outcomeMessageId: null,
      })
    },
  )

  it('saves a voucher to a file to look at it', async () => {
    const { orderId } = await orderWithVoucher()
    const folder = await mkdtemp(path.join(tmpdir(), 'tery-voucher-'))
    try {
      const file = path.join(folder, 'comprobante.png')
      expect((await admin('save-voucher', String(orderId), file)).code).toBe(0)
      expect(new Uint8Array(await readFile(file))).toEqual(PNG)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('refuses to approve an order without a voucher, or one that does not exist', async () => {
    const player = await newPlayer(server)
    const created = await order(player, '/api/terydollar', { method: 'btc', amount: 10 })
    expect((await admin('approve-order', String(created.body.data.id))).err).toContain(
      'is awaitingVoucher',
    )
    expect((await admin('approve-order', '999999')).err).toBe('Order 999999 does not exist')
    expect((await admin('approve-order', 'siete')).err).toBe('Not an id: siete')
  })
})

describe('the demo operator (SEED=demo)', () => {
  it('approves the orders whose voucher waited the configured delay, and only those', async () => {
    const { player, orderId } = await orderWithVoucher(20)
    const [row] = await server.db
      .select({ sentAt: terydollarOrders.voucherSentAt })
      .from(terydollarOrders)
      .where(eq(terydollarOrders.id, orderId))
    const sentAt = row?.sentAt ?? new Date()
    const job = demoOperatorJob(90_000)

    expect(await runJobOnce(server.db, job, new Date(sentAt.getTime() + 30_000))).toBe('ran')
    expect((await current(player)).body.data.order?.state).toBe('voucherSent')

    expect(await runJobOnce(server.db, job, new Date(sentAt.getTime() + 120_000))).toBe('ran')
    expect((await current(player)).body.data.order?.state).toBe('approved')
    expect((await getBalances(server.db, player.id)).terydollars).toBe(20)
  })
})

describe.runIf(onPostgres)('terydollar orders on PostgreSQL', () => {
  it('credits an order once when the operator and the demo job approve it at the same moment', async () => {
    const { player, orderId } = await orderWithVoucher(15)
    const later = new Date(Date.now() + 10 * 60_000)
    const job = demoOperatorJob(0)
    await Promise.all([
      admin('approve-order', String(orderId)),
      runJobOnce(server.db, job, later),
      admin('approve-order', String(orderId)),
    ])
    expect((await getBalances(server.db, player.id)).terydollars).toBe(15)
  })
})
