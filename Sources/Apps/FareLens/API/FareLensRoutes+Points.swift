import Foundation
import PlatformAPI

extension FareLensRoutes {
    /// The caller's points vault, newest first, a page at a time (`limit`, `cursor`).
    public static let pointsPrograms = Route<NoParameter, NoBody, FareLensList<PointsProgram>>.Querying<PageQuery<ListPages>>(.get, root, "/points/programs")
    /// Adds a loyalty program to the caller's vault.
    public static let createPointsProgram = Route<NoParameter, PointsProgramDraft, PointsProgram>(.post, root, "/points/programs", status: 201)
    /// Replaces one of the caller's programs; anyone else's is a 404.
    public static let updatePointsProgram = Route<PointsProgramID, PointsProgramDraft, PointsProgram>(.put, root, "/points/programs/{id}")
    /// Deletes one of the caller's programs; anyone else's is a 404.
    public static let deletePointsProgram = Route<PointsProgramID, NoBody, NoContent>(.delete, root, "/points/programs/{id}")
    /// The running and announced transfer bonuses touching the caller's programs.
    public static let transferBonuses = Route<NoParameter, NoBody, FareLensList<TransferBonus>>(.get, root, "/points/bonuses")
    /// The feature flags and the caller's A/B assignments.
    public static let config = Route<NoParameter, NoBody, FareLensConfig>(.get, root, "/config")
    /// Interaction telemetry, stored under the install's anonymous id only.
    public static let events = Route<NoParameter, TelemetryBatch, TelemetryReceipt>(.post, root, "/events", status: 202)

    /// The points, config and telemetry routes, part of ``all``.
    public static let pointsRoutes: [RouteShape] = [
        pointsPrograms.shape, createPointsProgram.shape, updatePointsProgram.shape, deletePointsProgram.shape, transferBonuses.shape, config.shape,
        events.shape,
    ]
}
