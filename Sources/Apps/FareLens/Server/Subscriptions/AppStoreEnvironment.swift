import FareLensAPI
import Foundation
import PlatformCore

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
