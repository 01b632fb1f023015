import Foundation
import HTTPTypes
import KnotAPI
import PlatformCore

// Knot's domain errors and their HTTP answers, in this one place (ErrorMiddleware renders them).

extension VaultAlreadyExists: APIErrorConvertible {
    public var apiError: APIError {
        .conflict("A partner vault already exists for this account. Use \(KnotRoutes.updateVault.endpoint) to update it.", code: "vault_exists")
    }
}

extension VaultNotFound: APIErrorConvertible {
    public var apiError: APIError {
        switch need {
        case .replace: .notFound("Partner vault", code: "vault_not_found")
        case .recommendations: APIError(.notFound, code: "vault_not_found", message: "Create a partner vault before asking for recommendations.")
        }
    }
}

extension RecommendationNotFound: APIErrorConvertible {
    public var apiError: APIError { .notFound("Recommendation \(id)", code: "recommendation_not_found") }
}

extension MilestoneNotFound: APIErrorConvertible {
    public var apiError: APIError { .notFound("Milestone", code: "milestone_not_found") }
}

extension RecommendationFailure: APIErrorConvertible {
    public var apiError: APIError {
        switch self {
        case .noCandidates: APIError(.unprocessableContent, code: "no_candidates", message: message)
        case .everythingFiltered: APIError(.unprocessableContent, code: "everything_filtered", message: message)
        case .allSourcesFailed: APIError(.serviceUnavailable, code: "sources_unavailable", message: message, headers: [.retryAfter: "30"])
        }
    }
}
