import type { Env as WorkerEnv } from '#worker/env'

// `env` from cloudflare:test has the Worker's bindings.
declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {}
  }
}
