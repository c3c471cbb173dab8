// Route and post categories: the same screen over the two lists.
import { deleteRouteCategory, listRouteCategories, saveRouteCategory } from '#shared/contract/content.manage'
import { deletePostCategory, listPostCategories, savePostCategory } from '#shared/contract/posts.manage'
import { usePage } from '#client/app/context.tsx'
import { ListScreen } from './ListScreen'
import { cols, contentFields, contentFilters } from './columns'

export function CategoriesScreen({ name }: { name: 'route_categories' | 'post_categories' }) {
  const { t } = usePage()
  const route = name === 'route_categories'
  return (
    <ListScreen
      id={name}
      list={route ? listRouteCategories : listPostCategories}
      rowsKey="categories"
      search={false}
      filters={[contentFilters(t)[0]!]}
      columns={cols('id', 'title', 'slug', 'language')}
      form={{
        save: route ? saveRouteCategory : savePostCategory,
        defaults: { language: 'es' },
        fields: contentFields(t).filter((f) => f.name !== 'status'),
      }}
      remove={route ? deleteRouteCategory : deletePostCategory}
    />
  )
}
