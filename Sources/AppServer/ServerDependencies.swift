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

/// Things tests (and only tests) replace: the clock and how identity-provider keys are fetched.
public struct ServerDependencies: Sendable {
    public var clock: any TimeSource
    public var jwksFetcher: any JWKSFetching
    public var embedder: (any Embedder)?
    /// Offline models per purpose, added to what the apps supply.
    public var offlineModels: [String: any LanguageModel]
    /// Replaces the push provider the configuration implies (tests: a fake APNs).
    public var pushProvider: (any PushProvider)?
    /// Where the server logs (tests: a capturing handler); nil is the process's logging system.
    public var logger: Logger?
    /// Extra app modules to host besides ``hostedApps`` (tests: a small module that proves the
    /// protocol); each is mounted when its id is in the configuration's `apps`.
    public var extraModules: [any AppModule.Type] = []
    /// Replaces the media store the configuration implies (tests: a store that fails).
    public var media: (any MediaStore)?
    /// Replace the speech-to-text and image-description clients the configuration implies.
    public var transcriber: (any Transcriber)?
    public var vision: (any VisionModel)?
    /// Replaces the hasher of password accounts (tests: a cheaper scrypt cost).
    public var passwordHasher: PasswordHasher?

    public init(
        clock: any TimeSource = SystemTime(), jwksFetcher: any JWKSFetching = HTTPJWKSFetcher(), embedder: (any Embedder)? = nil, offlineModels: [String: any LanguageModel] = [:],
        pushProvider: (any PushProvider)? = nil, logger: Logger? = nil, extraModules: [any AppModule.Type] = [], media: (any MediaStore)? = nil,
        transcriber: (any Transcriber)? = nil, vision: (any VisionModel)? = nil, passwordHasher: PasswordHasher? = nil
    ) {
        self.passwordHasher = passwordHasher
        self.media = media
        self.transcriber = transcriber
        self.vision = vision
        self.clock = clock
        self.jwksFetcher = jwksFetcher
        self.embedder = embedder
        self.offlineModels = offlineModels
        self.pushProvider = pushProvider
        self.logger = logger
        self.extraModules = extraModules
    }
}
