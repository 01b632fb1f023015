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

/// Auth: the signing key, token lifetimes per app, accounts, identity providers, rate limits and
/// password accounts.
func buildAuth(
    _ configuration: ServerConfiguration, dependencies: ServerDependencies, modules: [SelectedModule], database: any Database, logger: Logger
) async throws -> AuthComponents {
    let clock = dependencies.clock
    let signingKey = try configuration.jwtSigningKeyPEM ?? developmentSigningKey(in: configuration.dataDirectory, logger: logger)
    var lifetimesByApp: [AppID: TokenLifetimes] = [:]
    for module in modules { lifetimesByApp[module.type.id] = try configuration.tokenLifetimes(for: module.type) }
    let tokens = try await TokenService(
        signingKeyPEM: signingKey, accessTokenTTL: configuration.accessTokenTTL, refreshTokenTTL: configuration.refreshTokenTTL, lifetimesByApp: lifetimesByApp,
        clock: clock)
    var quietHoursDefaults: [AppID: DefaultQuietHours] = [:]
    for module in modules { quietHoursDefaults[module.type.id] = module.type.deliveryRules.defaultQuietHours }
    let liveSessions = LiveSessionCache(ttl: configuration.sessionCacheSeconds)
    liveSessions.follow(database.notifications)
    let accounts = AccountRepository(database: database, clock: clock, liveSessions: liveSessions, quietHoursDefaults: quietHoursDefaults)
    let auth = AuthService(
        tokens: tokens, accounts: accounts,
        apple: IdentityTokenVerifier(provider: .apple(jwksURL: configuration.appleJWKSURL), fetcher: dependencies.jwksFetcher, clock: clock),
        google: IdentityTokenVerifier(provider: .google(jwksURL: configuration.googleJWKSURL), fetcher: dependencies.jwksFetcher, clock: clock),
        clientIDs: SignInClientIDs(apple: configuration.signInClientIDs.apple, google: configuration.signInClientIDs.google),
        refreshReuseGrace: TimeInterval(configuration.refreshReuseGraceSeconds)
    )
    let rateLimitStore =
        database.kind == .postgres && configuration.multiInstance
        ? PostgresRateLimitStore(database: database, leaseBound: max(.milliseconds(250), .seconds(configuration.databaseTimeoutSeconds) / 5)) : nil
    let limiters = RateLimiters(clock: clock, clients: try ClientAddressResolver(trustedProxies: configuration.trustedProxies), store: rateLimitStore)
    let authLimiter = limiters.platformLimiter("auth", capacity: configuration.authRateLimitPerMinute, per: 60)
    // Email + password accounts, for the apps that opt in (AppModule.passwordAccounts).
    let passwords = PasswordAccounts(
        auth: auth, credentials: PasswordCredentialRepository(database: database, clock: clock), hasher: dependencies.passwordHasher ?? PasswordHasher(),
        emailLimiter: limiters.platformLimiter("auth.email", capacity: configuration.loginRateLimitPerEmail, per: 15 * 60))
    return AuthComponents(
        service: auth, accounts: accounts, limiter: authLimiter, rateLimitStore: rateLimitStore, passwords: passwords, signingKey: signingKey)
}

func developmentSigningKey(in dataDirectory: String, logger: Logger) throws -> String {
    let path = URL(fileURLWithPath: dataDirectory).appendingPathComponent("dev-signing-key.pem").path
    if let pem = try? String(contentsOfFile: path, encoding: .utf8), !pem.isEmpty { return pem }
    try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
    let pem = TokenService.generateSigningKeyPEM()
    _ = FileManager.default.createFile(atPath: path, contents: Data(pem.utf8), attributes: [.posixPermissions: 0o600])
    logger.notice("generated a development signing key at \(path)")
    return pem
}
