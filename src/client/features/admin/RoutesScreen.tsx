// Routes: the list with hidden ones, publish or hide in one tap, and each route's units and symptoms (RoutePanel).
import { listAdminRoutes } from '#shared/contract/admin'
import { deleteRoute, saveRoute } from '#shared/contract/content.manage'
import { usePage } from '#client/app/context.tsx'
import { call } from '#client/api.ts'
import { ListScreen } from './ListScreen'
import { useChoices } from './choices'
import { RoutePanel } from './RoutePanel'
import { cols, contentColumns, contentFields, contentFilters, SEO_FIELDS, yesColumn } from './columns'

export function RoutesScreen() {
  const { t } = usePage()
  const categories = useChoices('route_categories')
  return (
    <ListScreen
      id="routes"
      list={listAdminRoutes}
      rowsKey="rows"
      filters={contentFilters(t)}
      columns={contentColumns(t, yesColumn('is_active'), ...cols('units_count', 'order'))}
      form={{
        save: saveRoute,
        defaults: { language: 'es', status: '2', is_public: '1', is_active: '1' },
        fields: contentFields(t, [
          { name: 'description', label: 'admin.fields.description', type: 'textarea' },
          { name: 'is_public', label: 'admin.fields.is_public', type: 'checkbox' },
          { name: 'is_active', label: 'admin.fields.is_active', type: 'checkbox' },
          { name: 'needs_appointment', label: 'admin.fields.needs_appointment', type: 'checkbox' },
          { name: 'tag', label: 'admin.fields.tag', type: 'text' },
          // The category by its name (issue 42 §9), not its number.
          { name: 'category_id', label: 'admin.fields.category_id', type: 'select', options: categories ?? [] },
          { name: 'order', label: 'admin.fields.order', type: 'number' },
          ...SEO_FIELDS,
          { name: 'image_cover', label: 'admin.fields.image_cover', type: 'upload', tag: 'route_cover' },
          { name: 'image_square', label: 'admin.fields.image_square', type: 'upload', tag: 'route_cover' },
        ]),
      }}
      remove={deleteRoute}
      actions={(r, reload) => (
        <button
          type="button"
          className="adm-btn"
          data-testid={r.status === 2 ? 'route-publish' : 'route-hide'}
          onClick={async () =>
            (await call(saveRoute, { input: { id: r.id as number, status: r.status === 2 ? 1 : 2 } })).success &&
            reload()
          }
        >
          {r.status === 2 ? t('admin.route.publish') : t('admin.route.hide')}
        </button>
      )}
      panel={(r) => <RoutePanel route={r} />}
    />
  )
}
