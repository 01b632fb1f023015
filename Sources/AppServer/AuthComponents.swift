import AIProviders
import AppPlatform
import Auth
import Foundation
import Hummingbird
import Jobs
import Logging
import MediaStorage
import Notifications
import Observability
import Persistence
import PlatformCore
import ServiceLifecycle

/// What the auth step builds: tokens (with each app's lifetimes), accounts, sign-in, rate limits.
struct AuthComponents {
    let service: AuthService
    let accounts: AccountRepository
    let limiter: RateLimiter
    /// The limiters' shared buckets: PostgreSQL only (one SQLite instance limits in process).
    let rateLimitStore: PostgresRateLimitStore?
    let passwords: PasswordAccounts
    let signingKey: String
}
