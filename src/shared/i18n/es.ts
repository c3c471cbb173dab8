// Spanish messages: every domain's, gathered (the same keys as en.ts).
import * as app from './app'
import * as content from './content'
import * as playback from './playback'
import * as plans from './plans'
import * as posts from './posts'
import * as site from './site'
import * as users from './users'
import type { Messages } from './en'

const es: Messages = {
  ...app.es,
  ...site.es,
  ...content.es,
  ...posts.es,
  ...playback.es,
  ...plans.es,
  accounts: users.es,
}

export default es
