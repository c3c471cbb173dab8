// English messages: every domain's, gathered. es.ts has the same keys (checked by the Messages
// type); a message key is typed (MessageKey in index.ts), so a misspelt key fails the type-check.
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

const en = {
  ...app.en,
  ...admin.en,
  ...site.en,
  ...content.en,
  ...posts.en,
  ...playback.en,
  ...plans.en,
  ...forms.en,
  ...legal.en,
  ...payments.en,
  ...appointments.en,
  ...appointmentPages.en,
  ...psychologists.en,
  ...engagement.en,
  ...checkins.en,
  ...push.en,
  ...firstWeek.en,
  ...care.en,
  ...shares.en,
  ...listening.en,
  accounts: users.en,
}

export type Messages = typeof en
export default en
