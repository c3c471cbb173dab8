// zod for the contract, configured before any schema is built: every contract module imports
// `z` from here, so this runs first (ES modules evaluate what they import before themselves).
//
// zod 4 probes `new Function` when it builds an object schema, to compile a faster parser. Our CSP
// forbids eval (and so does workerd), so the probe only makes Chrome report a CSP issue on every
// page that loads the contract (Lighthouse best practices). Parse without it.
import { z } from 'zod'

z.config({ jitless: true })

export { z }
