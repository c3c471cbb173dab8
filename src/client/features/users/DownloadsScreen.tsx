import { usePage, type PageProps } from '#client/app/context.tsx'
import ProfileDownloads from './ProfileDownloads'
// The list's rows and buttons, as on the profile (it was an unstyled list on this screen).
import '#client/components/forms.css'

/**
 * The Downloads screen (issue 34 §2): what this session downloaded on this device, each unit
 * with a link to its route page (which plays it offline), its size and a remove button. The list
 * is read on the device, so the page is the same for everyone and opens offline once kept (the
 * service worker keeps it with every download: src/sw/sw.ts KEEP_PAGES). Each unit plays here
 * (issue 42 §4); the title is the frame's, once.
 */
export default function DownloadsScreen({ boot }: PageProps) {
  const { t } = usePage()
  return (
    <div className="downloads-screen" data-testid="downloads-screen">
      <p className="lead">{t('playback.downloads_screen.lead')}</p>
      {boot.user && <ProfileDownloads user={boot.user.id} screen />}
    </div>
  )
}
