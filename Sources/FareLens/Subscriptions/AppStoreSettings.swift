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

/// Where an App Store purchase was made, as a StoreKit 2 transaction and a server notification name
/// it (`environment`): a Sandbox or Xcode purchase is free to make, so a production server counts
/// only Production ones.
public enum AppStoreEnvironment: String, Sendable, CaseIterable, Comparable {
    case production = "Production", sandbox = "Sandbox", xcode = "Xcode"

    /// The environment Apple spells `name` (any case); nil for another.
    public static func named(_ name: String) -> AppStoreEnvironment? { allCases.first { $0.rawValue.lowercased() == name.lowercased() } }

    /// Production only on a production server (`APP_ENV=production`); every environment on a development one.
    public static func defaults(isDevelopment: Bool) -> Set<AppStoreEnvironment> { isDevelopment ? Set(allCases) : [.production] }

    public static func < (lhs: Self, rhs: Self) -> Bool { allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)! }
}

/// Apple Root CA - G3 (https://www.apple.com/certificateauthority/AppleRootCA-G3.cer, SHA-256
/// 63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79),
/// the root of every StoreKit 2 and App Store Server Notification signature.
public enum AppleRootCertificate {
    public static let g3PEM = """
        -----BEGIN CERTIFICATE-----
        MIICQzCCAcmgAwIBAgIILcX8iNLFS5UwCgYIKoZIzj0EAwMwZzEbMBkGA1UEAwwS
        QXBwbGUgUm9vdCBDQSAtIEczMSYwJAYDVQQLDB1BcHBsZSBDZXJ0aWZpY2F0aW9u
        IEF1dGhvcml0eTETMBEGA1UECgwKQXBwbGUgSW5jLjELMAkGA1UEBhMCVVMwHhcN
        MTQwNDMwMTgxOTA2WhcNMzkwNDMwMTgxOTA2WjBnMRswGQYDVQQDDBJBcHBsZSBS
        b290IENBIC0gRzMxJjAkBgNVBAsMHUFwcGxlIENlcnRpZmljYXRpb24gQXV0aG9y
        aXR5MRMwEQYDVQQKDApBcHBsZSBJbmMuMQswCQYDVQQGEwJVUzB2MBAGByqGSM49
        AgEGBSuBBAAiA2IABJjpLz1AcqTtkyJygRMc3RCV8cWjTnHcFBbZDuWmBSp3ZHtf
        TjjTuxxEtX/1H7YyYl3J6YRbTzBPEVoA/VhYDKX1DyxNB0cTddqXl5dvMVztK517
        IDvYuVTZXpmkOlEKMaNCMEAwHQYDVR0OBBYEFLuw3qFYM4iapIqZ3r6966/ayySr
        MA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0PAQH/BAQDAgEGMAoGCCqGSM49BAMDA2gA
        MGUCMQCD6cHEFl4aXTQY2e3v9GwOAEZLuN+yRhHFD/3meoyhpmvOwgPUnPWTxnS4
        at+qIxUCMG1mihDK1A3UT82NQz60imOlM27jbdoXt2QfyFMm+YhidDkLF1vLUagM
        6BgD56KyKA==
        -----END CERTIFICATE-----
        """
}
