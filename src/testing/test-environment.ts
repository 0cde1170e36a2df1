import { createCkanClient } from '../api/ckan/ckan-client'
import { readConfig } from '../instance/config'
import type { ExplorerEnvironment } from '../instance/environment'
import { createNoRecentStore } from '../instance/recent-store'
import { createMemoryOnlyTokenStore } from '../instance/token-store'
import { createMemoryViewStore } from '../instance/view-store'

export function testEnvironment(overrides: Partial<ExplorerEnvironment> = {}): ExplorerEnvironment {
  return {
    config: readConfig({ portal: 'https://example.org/data/en' }, 'https://example.org'),
    viewStore: createMemoryViewStore(),
    tokenStore: createMemoryOnlyTokenStore(),
    recentStore: createNoRecentStore(),
    api: createCkanClient(),
    layout: 'page',
    ...overrides,
  }
}
