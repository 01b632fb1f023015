import FareLensAPI
import Foundation
import PlatformCore

/// The App Store settings (`FARELENS_APPSTORE_…`): the root certificate signed transactions and
/// notifications must chain to (Apple Root CA - G3 unless set), the app's bundle id, the
/// subscription products that unlock Pro and the App Store environments whose purchases count.
public struct AppStoreSettings: Sendable {
    /// PEM of the trusted root.
    public var rootCertificatePEM = AppleRootCertificate.g3PEM
    public var bundleID = AppStoreSettings.defaultBundleID
    public var proProductIDs: Set<String> = AppStoreSettings.defaultProProductIDs
    /// The environments whose transactions and notifications count; nil: the server's default
    /// (``AppStoreEnvironment/defaults(isDevelopment:)``).
    public var environments: Set<AppStoreEnvironment>?

    public static let defaultBundleID = "com.farelens.app"
    /// FareLens Pro, monthly and yearly (each with the 14-day free trial as its introductory offer).
    public static let defaultProProductIDs: Set<String> = ["farelens.pro.monthly", "farelens.pro.yearly"]

    public init() {}

    enum Key {
        static let rootCertificate = SettingKey(
            "APPSTORE_ROOT_CERT", "PEM of the root certificate App Store signatures must chain to (default: Apple Root CA - G3)", default: "")
        static let bundleID = SettingKey("APPSTORE_BUNDLE_ID", "The app's bundle id signed App Store transactions must carry", default: defaultBundleID)
        static let environments = SettingKey(
            "APPSTORE_ENVIRONMENTS",
            "Comma list of the App Store environments (Production, Sandbox, Xcode) whose purchases grant Pro; others are refused (verify) or ignored (notifications)",
            default: "Production when APP_ENV=production, else Production,Sandbox,Xcode")
    }

    /// Every key read, relative to FareLens's scope.
    public static let keys: [SettingKey] = [Key.rootCertificate, Key.bundleID, Key.environments]

    public init(settings: Settings) throws {
        if let pem = settings.string(Key.rootCertificate), !pem.isEmpty {
            guard AppStoreSignatureVerifier(rootCertificatePEM: pem).hasRoot else {
                throw ConfigurationInvalid("FARELENS_APPSTORE_ROOT_CERT must be one PEM certificate")
            }
            rootCertificatePEM = pem
        }
        if let bundle = settings.string(Key.bundleID), !bundle.isEmpty { bundleID = bundle }
        if let names = settings.list(Key.environments) {
            let parsed = names.map(AppStoreEnvironment.named)
            guard !parsed.isEmpty, !parsed.contains(nil) else {
                throw ConfigurationInvalid(
                    "\(settings.fullName(Key.environments)) must list some of \(AppStoreEnvironment.allCases.map(\.rawValue).joined(separator: ", ")), got '\(names.joined(separator: ","))'"
                )
            }
            environments = Set(parsed.compactMap { $0 })
        }
    }

    /// The environments accepted on a server: the setting, else the default for its `APP_ENV`.
    public func acceptedEnvironments(isDevelopment: Bool) -> Set<AppStoreEnvironment> {
        environments ?? AppStoreEnvironment.defaults(isDevelopment: isDevelopment)
    }
}
