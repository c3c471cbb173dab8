// Server data of the blog and an article (SPEC §2 "/blog and /post/{slug}").
import { slugField } from '#shared/contract/content.manage'
import { pageKeyword } from '#shared/contract/fields'
import { blogPageData, postPageData, postsQuery } from '#shared/contract/posts'
import { messagesFor } from '#shared/i18n/messages'
import { PAGE_SIZE } from '#shared/limits'
import { isRemovedPost, postHead, postVersions } from '#worker/features/site/site.seo'
import { AppError } from '#worker/http/errors'
import { loader, ShowPage, withHead, type PageLoaders } from '#worker/ssr/page'
import { listPosts, relatedOf } from './posts.service'

export const postsLoaders: PageLoaders<'blog' | 'post'> = {
  blog: loader(blogPageData, async ({ ctx, query }) => {
    const page = Math.max(1, Math.min(1000, Number.parseInt(query.page ?? '1', 10) || 1))
    const keyword = pageKeyword(query.keyword)
    // The page-size selector offers 5 (SPEC §9 blog page), 10 and 20; anything else reads as 5.
    const asked = Number(query.per_page)
    const perPage = [5, 10, 20].includes(asked) ? asked : PAGE_SIZE.blog
    const out = await listPosts(ctx, postsQuery.parse({ page, per_page: perPage, search: keyword || undefined }))
    // A search's answer is not a page of its own for search engines (the canonical is /blog).
    return withHead(
      { keyword, ...out },
      { description: messagesFor(ctx.locale).blog_page.description, noindex: !!keyword },
    )
  }),

  post: loader(postPageData, async ({ ctx, params }) => {
    const slug = params.slug ?? ''
    // Only what a post's slug can be (the editors' rule): anything else, a control character or
    // 201 characters, is an address no article has, the not-found page, never a failed parse (issue 32).
    if (!slugField.safeParse(slug).success || slug !== slug.trim())
      throw new AppError('not_found', { message: 'errors.article_not_found' })
    const { posts } = await listPosts(ctx, postsQuery.parse({ per_page: 1, slug, with_properties: 'stats' }))
    const post = posts[0]
    if (!post) {
      // A post taken down (deleted or hidden) keeps its URL: the deleted-article page, 410 Gone
      // (SPEC §2, issue 6 §2), not a bare not-found.
      if (slug && (await isRemovedPost(ctx, slug))) {
        throw ShowPage.plain('postDeleted', 410, { description: messagesFor(ctx.locale).post_deleted.body })
      }
      throw new AppError('not_found', { message: 'errors.article_not_found' })
    }
    const [{ related, routes }, versions] = await Promise.all([relatedOf(ctx, post), postVersions(ctx, post.slug)])
    return withHead({ post, related, routes }, postHead(ctx, post, versions))
  }),
}
