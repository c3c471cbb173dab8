// Spanish messages: every domain's, gathered (the same keys as en.ts).
import * as app from './app'
import * as admin from './admin'
import * as appointments from './appointments'
import * as appointmentPages from './appointments.pages'
import * as content from './content'
import * as engagement from './engagement'
import * as forms from './forms'
import * as legal from './legal'
import * as payments from './payments'
import * as playback from './playback'
import * as plans from './plans'
import * as posts from './posts'
import * as psychologists from './psychologists'
import * as site from './site'
import * as users from './users'
import * as checkins from './checkins'
import * as push from './push'
import * as firstWeek from './first-week'
import * as care from './care'
import * as shares from './shares'
import * as listening from './listening'
import type { Messages } from './en'

const es: Messages = {
  ...app.es,
  ...admin.es,
  ...site.es,
  ...content.es,
  ...posts.es,
  ...playback.es,
  ...plans.es,
  ...forms.es,
  ...legal.es,
  ...payments.es,
  ...appointments.es,
  ...appointmentPages.es,
  ...psychologists.es,
  ...engagement.es,
  ...checkins.es,
  ...push.es,
  ...firstWeek.es,
  ...care.es,
  ...shares.es,
  ...listening.es,
  accounts: users.es,
}

export default es
