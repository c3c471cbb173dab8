// Cover pictures of the demo routes, posts and plans (issue 24 §5), drawn at seed time: a calm
// landscape (a sky in two tones, a soft sun, two rolling hills) in one of the app's palettes,
// picked by `variant` and shaped by `seed`, as a 760×440 PNG (19:11, the cards' shape) of a few
// tens of KB. PNG, not SVG: /media serves only raster pictures (an SVG could carry script).
import { deflateSync } from 'node:zlib'

const W = 760
const H = 440
type RGB = [number, number, number]
const hex = (s: string): RGB => [parseInt(s.slice(1, 3), 16), parseInt(s.slice(3, 5), 16), parseInt(s.slice(5, 7), 16)]
/** sky top, sky bottom, sun, far hill, near hill */
const PALETTES = [
  ['#f3e9d2', '#c9dccf', '#fff8e6', '#7fa99b', '#2f5d62'],
  ['#e9e4f0', '#c8bfd6', '#fdf6ec', '#9a8c98', '#4a4e69'],
  ['#fbe3d6', '#e8b4a6', '#fff4e0', '#b56576', '#6d597a'],
  ['#dcebf5', '#98c1d9', '#fffaf0', '#5c89a8', '#3d5a80'],
  ['#eef3e2', '#c5d8b8', '#fffbea', '#84a98c', '#52796f'],
  ['#f6ecd9', '#e2c89f', '#fff7e8', '#b08968', '#7f5539'],
].map((p) => p.map(hex) as RGB[])

const mix = (a: RGB, b: RGB, t: number): RGB => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
]

export function coverPng(variant: number, seed: number): Uint8Array {
  const [top, bottom, sun, far, near] = PALETTES[variant % PALETTES.length]!
  const r = (k: number) => (((Math.sin(seed * 12.9898 + k * 78.233) * 43_758.5453) % 1) + 1) % 1
  const sunX = W * (0.2 + 0.6 * r(1))
  const sunY = H * (0.25 + 0.15 * r(2))
  const sunR = 46 + 30 * r(3)
  const hill = (x: number, base: number, amp: number, k: number) =>
    H * base + amp * Math.sin((x / W) * Math.PI * (1.2 + r(k)) + r(k + 1) * 6)
  const farYs = Array.from({ length: W }, (_, x) => hill(x, 0.62, 28, 4))
  const nearYs = Array.from({ length: W }, (_, x) => hill(x, 0.78, 22, 6))
  const raw = Buffer.alloc((W * 3 + 1) * H)
  for (let y = 0; y < H; y++) {
    const row = y * (W * 3 + 1)
    raw[row] = 0 // no filter
    for (let x = 0; x < W; x++) {
      let c = mix(top, bottom, y / H)
      const d = Math.hypot(x - sunX, y - sunY)
      if (d < sunR * 2.2) c = mix(c, sun, d < sunR ? 0.9 : 0.9 * (1 - (d - sunR) / (sunR * 1.2)) ** 2)
      const farY = farYs[x]!
      const nearY = nearYs[x]!
      if (y > farY) c = mix(far, near, Math.min(1, (y - farY) / (H * 0.6)) * 0.3)
      if (y > nearY) c = mix(near, mix(near, [0, 0, 0], 0.25), (y - nearY) / (H - nearY + 1))
      const i = row + 1 + x * 3
      raw[i] = c[0]
      raw[i + 1] = c[1]
      raw[i + 2] = c[2]
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(W, 0)
  ihdr.writeUInt32BE(H, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
