import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// `FARELENS_BONUSES_FILE`: an operator's transfer-bonus list (``TransferBonusList``'s shape)
/// replacing the shipped one, so bonuses are updated without a build. Read and checked at startup:
/// an unreadable or invalid file stops the server with a message naming the file and the problem.
public struct TransferBonusSettings: Sendable {
    /// The catalog the points routes use: the shipped programs with the shipped or the file's bonuses.
    public var catalog = LoyaltyCatalog.shipped

    public init() {}

    enum Key {
        static let file = SettingKey(
            "BONUSES_FILE",
            "A JSON file of transfer bonuses replacing the shipped list (same shape as Sources/Apps/FareLens/Server/Resources/transfer-bonuses.json); unset: the shipped list")
    }

    /// Every key read, relative to FareLens's scope.
    public static let keys: [SettingKey] = [Key.file]

    public init(settings: Settings) throws {
        guard let path = settings.string(Key.file), !path.isBlank else { return }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigurationInvalid("FARELENS_BONUSES_FILE \(path): cannot be read (\(error.localizedDescription))")
        }
        do {
            catalog = LoyaltyCatalog(programs: LoyaltyCatalog.shippedPrograms, bonuses: try TransferBonusList.parse(data, programs: LoyaltyCatalog.shippedPrograms))
        } catch {
            throw ConfigurationInvalid("FARELENS_BONUSES_FILE \(path): \(error)")
        }
    }
}
