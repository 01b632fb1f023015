import Foundation
import HTTPTypes
import PlatformCore
import ZiaAPI

// Zia's domain errors and their HTTP answers, in this one place (ErrorMiddleware renders them).
// Repositories and services throw these; only controllers build an `APIError` themselves.

extension RoutineRunNotFound: APIErrorConvertible {
    var apiError: APIError { .notFound(RoutineRunID.notFoundName, code: RoutineRunID.notFoundCode) }
}

extension RoutineArtifactNotFound: APIErrorConvertible {
    var apiError: APIError { .notFound("Artifact", code: "artifact_not_found") }
}

extension RoutineRunClosed: APIErrorConvertible {
    var apiError: APIError { .conflict("The routine run is \(status.rawValue) already; only a run in progress moves on.", code: "routine_run_closed") }
}

extension AgentRunNotFound: APIErrorConvertible {
    var apiError: APIError { .notFound("Run", code: "run_not_found") }
}

extension MemoryLimitReached: APIErrorConvertible {
    var apiError: APIError { .validation([FieldError(field: "key", message: "at most \(MemoryRules.maxMemories) memories are kept: delete one first")]) }
}

extension ZiaUserNotFound: APIErrorConvertible {
    var apiError: APIError { .notFound("User") }
}

extension HouseholdNotSavedYet: APIErrorConvertible {
    var apiError: APIError { .preconditionFailed("This household has not been saved yet, so If-Match names no version of it; save it without If-Match.") }
}

extension ArtifactBusy: APIErrorConvertible {
    var apiError: APIError { .conflict("The plan changed while it was being updated; try again.", code: "artifact_busy") }
}
