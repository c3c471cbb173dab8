import { Hono } from 'hono'
import type { AppEnv } from '#worker/env'
import { serveMedia } from './serve'

/** Media from R2 (DESIGN §1): who may read what and how ranges are answered are in ./serve.ts. */
export const mediaRoutes = new Hono<AppEnv>().get('/:key{.+}', serveMedia)
