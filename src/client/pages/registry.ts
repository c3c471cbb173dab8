import type { ComponentType } from 'react'
import type { PageProps } from '../app/context'

type PageModule = { default: ComponentType<PageProps<any>> }

// Each page is its own chunk, so a visitor's first page loads only its own code.
const modules = import.meta.glob<PageModule>('./*.tsx')

export function loadPageComponent(name: string): Promise<PageModule> {
  const load = modules[`./${name}.tsx`] ?? modules['./Placeholder.tsx']!
  return load()
}
