import Foundation

/// A complete, valid vault payload (seed 001 step 3.10); tests change one field at a time.
public func validVaultPayload(name: String = "Alex") -> [String: Any] {
    [
        "partner_name": name,
        "relationship_tenure_months": 26,
        "cohabitation_status": "living_together",
        "location_city": "Austin",
        "location_state": "TX",
        "location_country": "US",
        "interests": ["Cooking", "Hiking", "Coffee", "Music", "Board Games"],
        "dislikes": ["Cars", "Gaming", "Sports", "Karaoke", "Shopping"],
        "milestones": [
            ["milestone_type": "birthday", "milestone_name": "Alex's Birthday", "milestone_date": "1994-03-15", "recurrence": "yearly"],
            ["milestone_type": "anniversary", "milestone_name": "Anniversary", "milestone_date": "2000-09-02", "recurrence": "yearly"],
            ["milestone_type": "holiday", "milestone_name": "Valentine's Day", "milestone_date": "2000-02-14", "recurrence": "yearly"],
            ["milestone_type": "holiday", "milestone_name": "Mother's Day", "milestone_date": "2000-05-10", "recurrence": "yearly"],
            ["milestone_type": "custom", "milestone_name": "Paris trip", "milestone_date": "2027-06-01", "recurrence": "one_time", "budget_tier": "minor_occasion"],
        ],
        "vibes": ["outdoorsy", "romantic"],
        "budgets": [
            ["occasion_type": "just_because", "min_amount": 2000, "max_amount": 5000, "currency": "USD"],
            ["occasion_type": "minor_occasion", "min_amount": 5000, "max_amount": 15000, "currency": "USD"],
            ["occasion_type": "major_milestone", "min_amount": 10000, "max_amount": 50000, "currency": "USD"],
        ],
        "love_languages": ["primary": "quality_time", "secondary": "receiving_gifts"],
    ]
}
