import PlatformCore

/// Knot's part of its OpenAPI document (the platform adds sign-in, account and outbox routes, the
/// error envelope and the security scheme; see ``OpenAPIDocument``). Paths are relative to `/knot`.
/// Hand-written and kept true by two gates: `OpenAPIDocumentTests` fails when a route the server
/// registers under `/knot` is missing here or one listed here does not exist, and `scripts/fuzz`
/// (schemathesis, run by `scripts/test`) fails on any response that contradicts it.
extension KnotApp {
    /// `info.version` of Knot's API document.
    public static let openAPIVersion = "1.0.0"

    /// Knot's OpenAPI document: the platform's fragment plus ``openAPIPaths``.
    public static func openAPIDocument() throws -> OpenAPIDocument {
        try OpenAPIDocument(
            app: id.rawValue, title: "Knot API", version: openAPIVersion,
            description:
                "Partner vault, hints, gift and experience recommendations, milestone reminders. Authenticate with the access token from /auth/*; every error is {\"error\":{\"code\",\"message\",\"fields\"}}.",
            fragment: openAPIPaths
        )
    }

    /// Knot's routes and schemas, as an OpenAPI fragment (`{"paths", "components"}`).
    public static let openAPIPaths: String = #"""
        {
          "paths": {
            "/api/v1/vault": {
              "post": {
                "operationId": "createVault",
                "tags": [
                  "vault"
                ],
                "summary": "Create the partner vault (one per account)",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/VaultInput"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "Created",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PartnerVault"
                        }
                      }
                    }
                  },
                  "409": {
                    "$ref": "#/components/responses/Conflict"
                  },
                  "422": {
                    "$ref": "#/components/responses/ValidationFailed"
                  }
                }
              },
              "get": {
                "operationId": "getVault",
                "tags": [
                  "vault"
                ],
                "summary": "The partner vault",
                "responses": {
                  "200": {
                    "description": "The vault",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PartnerVault"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                }
              },
              "put": {
                "operationId": "replaceVault",
                "tags": [
                  "vault"
                ],
                "summary": "Replace the vault in one transaction; milestones sent back with their id keep it",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/VaultInput"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The vault as saved",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PartnerVault"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "422": {
                    "$ref": "#/components/responses/ValidationFailed"
                  }
                }
              }
            },
            "/api/v1/hints": {
              "post": {
                "operationId": "createHint",
                "tags": [
                  "hints"
                ],
                "summary": "Capture a hint (404 before a vault exists)",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/HintInput"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "Created",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Hint"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "422": {
                    "$ref": "#/components/responses/ValidationFailed"
                  }
                }
              },
              "get": {
                "operationId": "listHints",
                "tags": [
                  "hints"
                ],
                "summary": "The caller's hints, newest first",
                "parameters": [
                  {
                    "name": "limit",
                    "in": "query",
                    "schema": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 100,
                      "default": 50
                    }
                  },
                  {
                    "name": "cursor",
                    "in": "query",
                    "description": "next_cursor of the previous page, as issued to this account (any other cursor is a 422)",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "offset",
                    "in": "query",
                    "description": "Hints to skip (the seed's paging; after the cursor when both are given)",
                    "schema": {
                      "type": "integer",
                      "minimum": 0,
                      "maximum": 1000000,
                      "default": 0
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "A page",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/HintPage"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "422": {
                    "$ref": "#/components/responses/ValidationFailed"
                  }
                }
              }
            },
            "/api/v1/hints/search": {
              "get": {
                "operationId": "searchHints",
                "tags": [
                  "hints"
                ],
                "summary": "The caller's hints by similarity to q",
                "parameters": [
                  {
                    "name": "q",
                    "in": "query",
                    "required": true,
                    "schema": {
                      "type": "string",
                      "minLength": 1,
                      "pattern": "\#(PlatformOpenAPI.requiredTextPattern)",
                      "description": "1 to 500 characters (grapheme clusters) once trimmed"
                    }
                  },
                  {
                    "name": "limit",
                    "in": "query",
                    "schema": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 50,
                      "default": 10
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Results, most similar first",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/HintSearchResults"
                        }
                      }
                    }
                  },
                  "422": {
                    "$ref": "#/components/responses/ValidationFailed"
                  }
                }
              }
            },
            "/api/v1/hints/{id}": {
              "delete": {
                "operationId": "deleteHint",
                "tags": [
                  "hints"
                ],
                "summary": "Delete one of the caller's hints",
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The hint's id (anything else is a 404)",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "204": {
                    "description": "Deleted"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                }
              }
            },
            "/api/v1/notifications/upcoming": {
              "get": {
                "operationId": "listUpcomingNotifications",
                "tags": [
                  "notifications"
                ],
                "summary": "Scheduled milestone reminders",
                "responses": {
                  "200": {
                    "description": "Reminders",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/UpcomingNotifications"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/v1/notifications/history": {
              "get": {
                "operationId": "listNotificationHistory",
                "tags": [
                  "notifications"
                ],
                "summary": "Sent and failed reminders, newest first",
                "parameters": [
                  {
                    "name": "limit",
                    "in": "query",
                    "schema": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 100,
                      "default": 50
                    }
                  },
                  {
                    "name": "offset",
                    "in": "query",
                    "schema": {
                      "type": "integer",
                      "minimum": 0,
                      "maximum": 1000000,
                      "default": 0
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "A page",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/NotificationHistory"
                        }
                      }
                    }
                  },
                  "422": {
                    "$ref": "#/components/responses/ValidationFailed"
                  }
                }
              }
            },
            "/api/v1/milestones/{id}/notifications": {
              "put": {
                "operationId": "setMilestoneReminders",
                "tags": [
                  "notifications"
                ],
                "summary": "Choose whether a milestone triggers reminders (off cancels its pending ones, on schedules them)",
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "One of the caller's milestones (anything else is a 404)",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/MilestoneReminderInput"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The milestone's setting",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/MilestoneReminderSetting"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "422": {
                    "$ref": "#/components/responses/ValidationFailed"
                  }
                }
              }
            },
            "/api/v1/notifications/{id}/viewed": {
              "patch": {
                "operationId": "markNotificationViewed",
                "tags": [
                  "notifications"
                ],
                "summary": "Mark a reminder viewed (the first view counts)",
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The notification's id (anything else is a 404)",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "When it was first viewed",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/NotificationViewed"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                }
              }
            },
            "/api/v1/notifications/process": {
              "post": {
                "operationId": "processNotification",
                "tags": [
                  "notifications"
                ],
                "summary": "QStash delivery of a due reminder, authenticated by its Upstash-Signature (401 when QStash is not configured)",
                "security": [],
                "parameters": [
                  {
                    "name": "Upstash-Signature",
                    "in": "header",
                    "required": true,
                    "description": "QStash's JWT signature of the body",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/ProcessRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "What was done",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ProcessResult"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "422": {
                    "$ref": "#/components/responses/ValidationFailed"
                  }
                }
              }
            },
            "/api/v1/recommendations/generate": {
              "post": {
                "operationId": "generateRecommendations",
                "tags": [
                  "recommendations"
                ],
                "summary": "Three stored picks for an occasion (404 before a vault exists, or for a milestone not the vault's)",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/GenerateRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The picks",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/RecommendationBatch"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "422": {
                    "description": "Invalid fields, or nothing to recommend within the vault's budget and interests (no_candidates, everything_filtered)",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/v1/recommendations/refresh": {
              "post": {
                "operationId": "refreshRecommendations",
                "tags": [
                  "recommendations"
                ],
                "summary": "Replace rejected picks, learning from the reason",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/RecommendationRefreshRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The new picks",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/RecommendationBatch"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "422": {
                    "description": "Invalid fields, or nothing to recommend within the vault's budget and interests (no_candidates, everything_filtered)",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/v1/recommendations/{id}/feedback": {
              "post": {
                "operationId": "addRecommendationFeedback",
                "tags": [
                  "recommendations"
                ],
                "summary": "Record feedback on one of the caller's recommendations",
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The recommendation's id (an unknown id or a missing or wrong signature shows the 'Download Knot' page)",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/FeedbackInput"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "Recorded",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Feedback"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "422": {
                    "$ref": "#/components/responses/ValidationFailed"
                  }
                }
              }
            },
            "/api/v1/recommendations/{id}": {
              "get": {
                "operationId": "getRecommendation",
                "tags": [
                  "recommendations"
                ],
                "summary": "One of the caller's recommendations",
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The recommendation's id (anything else is a 404)",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The recommendation",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Recommendation"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                }
              }
            },
            "/api/v1/recommendations/by-milestone/{milestone}": {
              "get": {
                "operationId": "listMilestoneRecommendations",
                "tags": [
                  "recommendations"
                ],
                "summary": "A milestone's latest recommendations (at most 10)",
                "parameters": [
                  {
                    "name": "milestone",
                    "in": "path",
                    "required": true,
                    "description": "The milestone's id (anything else is a 404)",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The recommendations",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/MilestoneRecommendations"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                }
              }
            },
            "/api/v1/feedback/analyze": {
              "post": {
                "operationId": "analyzeFeedback",
                "tags": [
                  "recommendations"
                ],
                "summary": "Recompute the caller's learned weights now (also runs weekly)",
                "responses": {
                  "200": {
                    "description": "The learned weights",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/LearnedWeights"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/recommendation/{id}": {
              "get": {
                "operationId": "shareRecommendationPage",
                "tags": [
                  "share"
                ],
                "summary": "Share page: shows the recommendation only with a valid signature, else a 'Download Knot' page",
                "security": [],
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The recommendation's id (anything else is a 404)",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "sig",
                    "in": "query",
                    "schema": {
                      "type": "string"
                    },
                    "description": "The share link's signature"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "An HTML page",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "components": {
            "schemas": {
              "Interest": {
                "type": "string",
                "enum": [
                  "Travel",
                  "Cooking",
                  "Movies",
                  "Music",
                  "Reading",
                  "Sports",
                  "Gaming",
                  "Art",
                  "Photography",
                  "Fitness",
                  "Fashion",
                  "Technology",
                  "Nature",
                  "Food",
                  "Coffee",
                  "Wine",
                  "Dancing",
                  "Theater",
                  "Concerts",
                  "Museums",
                  "Shopping",
                  "Yoga",
                  "Hiking",
                  "Beach",
                  "Pets",
                  "Cars",
                  "DIY",
                  "Gardening",
                  "Meditation",
                  "Podcasts",
                  "Baking",
                  "Camping",
                  "Cycling",
                  "Running",
                  "Swimming",
                  "Skiing",
                  "Surfing",
                  "Painting",
                  "Board Games",
                  "Karaoke"
                ],
                "description": "One of the 40 interest categories (matched case-insensitively on input)"
              },
              "Vibe": {
                "type": "string",
                "enum": [
                  "quiet_luxury",
                  "street_urban",
                  "outdoorsy",
                  "vintage",
                  "minimalist",
                  "bohemian",
                  "romantic",
                  "adventurous"
                ]
              },
              "LoveLanguage": {
                "type": "string",
                "enum": [
                  "words_of_affirmation",
                  "acts_of_service",
                  "receiving_gifts",
                  "quality_time",
                  "physical_touch"
                ]
              },
              "OccasionType": {
                "type": "string",
                "enum": [
                  "just_because",
                  "minor_occasion",
                  "major_milestone"
                ]
              },
              "MilestoneInput": {
                "type": "object",
                "required": [
                  "milestone_type",
                  "milestone_name",
                  "milestone_date"
                ],
                "properties": {
                  "id": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "uuid",
                    "description": "PUT only: an existing milestone's id keeps it (and its reminders); ignored on POST"
                  },
                  "milestone_type": {
                    "type": "string",
                    "enum": [
                      "birthday",
                      "anniversary",
                      "holiday",
                      "custom"
                    ]
                  },
                  "milestone_name": {
                    "type": "string",
                    "minLength": 1,
                    "pattern": "\#(PlatformOpenAPI.requiredTextPattern)",
                    "description": "1 to 100 characters (grapheme clusters) once trimmed"
                  },
                  "milestone_date": {
                    "type": "string",
                    "format": "date",
                    "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                    "description": "YYYY-MM-DD; yearly milestones are stored with the placeholder year 2000"
                  },
                  "recurrence": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "enum": [
                      "yearly",
                      "one_time",
                      null
                    ],
                    "default": "yearly"
                  },
                  "budget_tier": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "enum": [
                      "just_because",
                      "minor_occasion",
                      "major_milestone",
                      null
                    ],
                    "description": "Defaults by type (birthday/anniversary major, holidays minor, Valentine's and Christmas major); required for custom"
                  }
                },
                "if": {
                  "properties": {
                    "milestone_type": {
                      "const": "custom"
                    }
                  },
                  "required": [
                    "milestone_type"
                  ]
                },
                "then": {
                  "required": [
                    "budget_tier"
                  ],
                  "properties": {
                    "budget_tier": {
                      "type": "string"
                    }
                  }
                },
                "propertyNames": {
                  "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"
                },
                "additionalProperties": {
                  "$ref": "#/components/schemas/JSONValue"
                }
              },
              "BudgetInput": {
                "type": "object",
                "required": [
                  "occasion_type",
                  "min_amount",
                  "max_amount"
                ],
                "properties": {
                  "occasion_type": {
                    "$ref": "#/components/schemas/OccasionType"
                  },
                  "min_amount": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 100000000,
                    "description": "minor units (cents)"
                  },
                  "max_amount": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 100000000,
                    "description": "minor units; at least min_amount"
                  },
                  "currency": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "^[A-Za-z]{3}$",
                    "default": "USD"
                  }
                },
                "propertyNames": {
                  "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"
                },
                "additionalProperties": {
                  "$ref": "#/components/schemas/JSONValue"
                }
              },
              "VaultInput": {
                "type": "object",
                "description": "Cross-field rules JSON Schema cannot state, answered 422: dislikes must not repeat interests, max_amount >= min_amount, the secondary love language differs from the primary, and on PUT a milestone id must be one of the vault's",
                "required": [
                  "partner_name",
                  "interests",
                  "dislikes",
                  "milestones",
                  "vibes",
                  "budgets",
                  "love_languages"
                ],
                "properties": {
                  "partner_name": {
                    "type": "string",
                    "minLength": 1,
                    "pattern": "\#(PlatformOpenAPI.requiredTextPattern)",
                    "description": "1 to 100 characters (grapheme clusters) once trimmed"
                  },
                  "relationship_tenure_months": {
                    "type": [
                      "integer",
                      "null"
                    ],
                    "minimum": 0,
                    "maximum": 1200
                  },
                  "cohabitation_status": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "enum": [
                      "living_together",
                      "separate",
                      "long_distance",
                      null
                    ]
                  },
                  "location_city": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "\#(PlatformOpenAPI.optionalTextPattern)",
                    "description": "At most 100 characters (grapheme clusters) once trimmed; blank is absent"
                  },
                  "location_state": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "\#(PlatformOpenAPI.optionalTextPattern)",
                    "description": "At most 100 characters (grapheme clusters) once trimmed; blank is absent"
                  },
                  "location_country": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "\#(PlatformOpenAPI.optionalTextPattern)",
                    "description": "Defaults to US; two letters are upper-cased"
                  },
                  "interests": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Interest"
                    },
                    "minItems": 5,
                    "maxItems": 5,
                    "uniqueItems": true
                  },
                  "dislikes": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Interest"
                    },
                    "minItems": 5,
                    "maxItems": 5,
                    "uniqueItems": true
                  },
                  "milestones": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/MilestoneInput"
                    },
                    "minItems": 1,
                    "maxItems": 50,
                    "contains": {
                      "type": "object",
                      "properties": {
                        "milestone_type": {
                          "const": "birthday"
                        }
                      },
                      "required": [
                        "milestone_type"
                      ]
                    },
                    "description": "Must include the partner's birthday"
                  },
                  "vibes": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Vibe"
                    },
                    "minItems": 1,
                    "maxItems": 4,
                    "uniqueItems": true
                  },
                  "budgets": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/BudgetInput"
                    },
                    "minItems": 3,
                    "maxItems": 3,
                    "allOf": [
                      {
                        "contains": {
                          "type": "object",
                          "properties": {
                            "occasion_type": {
                              "const": "just_because"
                            }
                          },
                          "required": [
                            "occasion_type"
                          ]
                        }
                      },
                      {
                        "contains": {
                          "type": "object",
                          "properties": {
                            "occasion_type": {
                              "const": "minor_occasion"
                            }
                          },
                          "required": [
                            "occasion_type"
                          ]
                        }
                      },
                      {
                        "contains": {
                          "type": "object",
                          "properties": {
                            "occasion_type": {
                              "const": "major_milestone"
                            }
                          },
                          "required": [
                            "occasion_type"
                          ]
                        }
                      }
                    ],
                    "description": "One per occasion type"
                  },
                  "love_languages": {
                    "type": "object",
                    "required": [
                      "primary",
                      "secondary"
                    ],
                    "properties": {
                      "primary": {
                        "$ref": "#/components/schemas/LoveLanguage"
                      },
                      "secondary": {
                        "$ref": "#/components/schemas/LoveLanguage"
                      }
                    },
                    "propertyNames": {
                      "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"
                    },
                    "additionalProperties": {
                      "$ref": "#/components/schemas/JSONValue"
                    }
                  }
                },
                "propertyNames": {
                  "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"
                },
                "additionalProperties": {
                  "$ref": "#/components/schemas/JSONValue"
                }
              },
              "Milestone": {
                "type": "object",
                "required": [
                  "id",
                  "milestone_type",
                  "milestone_name",
                  "milestone_date",
                  "recurrence",
                  "budget_tier"
                ],
                "properties": {
                  "id": {
                    "$ref": "#/components/schemas/Uuid"
                  },
                  "milestone_type": {
                    "type": "string",
                    "enum": [
                      "birthday",
                      "anniversary",
                      "holiday",
                      "custom"
                    ]
                  },
                  "milestone_name": {
                    "type": "string"
                  },
                  "milestone_date": {
                    "type": "string",
                    "format": "date"
                  },
                  "recurrence": {
                    "type": "string",
                    "enum": [
                      "yearly",
                      "one_time"
                    ]
                  },
                  "budget_tier": {
                    "$ref": "#/components/schemas/OccasionType"
                  },
                  "notifications_enabled": {
                    "type": "boolean",
                    "description": "Whether this milestone triggers reminders (PUT /api/v1/milestones/{id}/notifications)"
                  }
                }
              },
              "MilestoneReminderSetting": {
                "type": "object",
                "required": [
                  "milestone_id",
                  "notifications_enabled"
                ],
                "properties": {
                  "milestone_id": {
                    "$ref": "#/components/schemas/Uuid"
                  },
                  "notifications_enabled": {
                    "type": "boolean"
                  }
                }
              },
              "MilestoneReminderInput": {
                "type": "object",
                "required": [
                  "notifications_enabled"
                ],
                "properties": {
                  "notifications_enabled": {
                    "type": "boolean"
                  }
                },
                "propertyNames": {
                  "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"
                },
                "additionalProperties": {
                  "$ref": "#/components/schemas/JSONValue"
                }
              },
              "Budget": {
                "type": "object",
                "required": [
                  "occasion_type",
                  "min_amount",
                  "max_amount",
                  "currency"
                ],
                "properties": {
                  "occasion_type": {
                    "$ref": "#/components/schemas/OccasionType"
                  },
                  "min_amount": {
                    "type": "integer"
                  },
                  "max_amount": {
                    "type": "integer"
                  },
                  "currency": {
                    "type": "string"
                  }
                }
              },
              "PartnerVault": {
                "type": "object",
                "required": [
                  "vault_id",
                  "partner_name",
                  "relationship_tenure_months",
                  "cohabitation_status",
                  "location_city",
                  "location_state",
                  "location_country",
                  "interests",
                  "dislikes",
                  "milestones",
                  "vibes",
                  "budgets",
                  "love_languages",
                  "created_at",
                  "updated_at"
                ],
                "properties": {
                  "vault_id": {
                    "$ref": "#/components/schemas/Uuid"
                  },
                  "partner_name": {
                    "type": "string"
                  },
                  "relationship_tenure_months": {
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "cohabitation_status": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "enum": [
                      "living_together",
                      "separate",
                      "long_distance",
                      null
                    ]
                  },
                  "location_city": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "location_state": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "location_country": {
                    "type": "string"
                  },
                  "interests": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Interest"
                    }
                  },
                  "dislikes": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Interest"
                    }
                  },
                  "milestones": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Milestone"
                    }
                  },
                  "vibes": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Vibe"
                    }
                  },
                  "budgets": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Budget"
                    }
                  },
                  "love_languages": {
                    "type": "object",
                    "required": [
                      "primary",
                      "secondary"
                    ],
                    "properties": {
                      "primary": {
                        "$ref": "#/components/schemas/LoveLanguage"
                      },
                      "secondary": {
                        "$ref": "#/components/schemas/LoveLanguage"
                      }
                    }
                  },
                  "created_at": {
                    "$ref": "#/components/schemas/Timestamp"
                  },
                  "updated_at": {
                    "$ref": "#/components/schemas/Timestamp"
                  }
                }
              },
              "HintInput": {
                "type": "object",
                "required": [
                  "hint_text"
                ],
                "properties": {
                  "hint_text": {
                    "type": "string",
                    "minLength": 1,
                    "pattern": "\#(PlatformOpenAPI.requiredTextPattern)",
                    "description": "1 to 500 characters (grapheme clusters) once trimmed"
                  },
                  "source": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "enum": [
                      "text_input",
                      "voice_transcription",
                      null
                    ],
                    "default": "text_input"
                  }
                },
                "propertyNames": {
                  "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"
                },
                "additionalProperties": {
                  "$ref": "#/components/schemas/JSONValue"
                }
              },
              "Hint": {
                "type": "object",
                "required": [
                  "id",
                  "hint_text",
                  "source",
                  "is_used",
                  "created_at"
                ],
                "properties": {
                  "id": {
                    "$ref": "#/components/schemas/Uuid"
                  },
                  "hint_text": {
                    "type": "string"
                  },
                  "source": {
                    "type": "string",
                    "enum": [
                      "text_input",
                      "voice_transcription"
                    ]
                  },
                  "is_used": {
                    "type": "boolean"
                  },
                  "created_at": {
                    "$ref": "#/components/schemas/Timestamp"
                  }
                }
              },
              "HintPage": {
                "type": "object",
                "required": [
                  "hints",
                  "total"
                ],
                "properties": {
                  "hints": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Hint"
                    }
                  },
                  "total": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "next_cursor": {
                    "type": "string",
                    "description": "Pass as cursor for the next page; absent on the last"
                  }
                }
              },
              "ScoredHint": {
                "allOf": [
                  {
                    "$ref": "#/components/schemas/Hint"
                  },
                  {
                    "type": "object",
                    "required": [
                      "similarity"
                    ],
                    "properties": {
                      "similarity": {
                        "type": "number"
                      }
                    }
                  }
                ]
              },
              "HintSearchResults": {
                "type": "object",
                "required": [
                  "query",
                  "hints",
                  "total",
                  "embedder"
                ],
                "properties": {
                  "query": {
                    "type": "string"
                  },
                  "hints": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/ScoredHint"
                    }
                  },
                  "total": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "embedder": {
                    "type": "string"
                  }
                }
              },
              "UpcomingNotification": {
                "type": "object",
                "required": [
                  "id",
                  "milestone_id",
                  "milestone_name",
                  "milestone_type",
                  "milestone_date",
                  "days_before",
                  "scheduled_for",
                  "status"
                ],
                "properties": {
                  "id": {
                    "$ref": "#/components/schemas/Uuid"
                  },
                  "milestone_id": {
                    "$ref": "#/components/schemas/Uuid"
                  },
                  "milestone_name": {
                    "type": "string"
                  },
                  "milestone_type": {
                    "type": "string"
                  },
                  "milestone_date": {
                    "type": "string",
                    "format": "date"
                  },
                  "days_before": {
                    "type": "integer",
                    "enum": [
                      14,
                      7,
                      3
                    ]
                  },
                  "scheduled_for": {
                    "$ref": "#/components/schemas/Timestamp"
                  },
                  "status": {
                    "type": "string"
                  }
                }
              },
              "UpcomingNotifications": {
                "type": "object",
                "required": [
                  "notifications",
                  "count"
                ],
                "properties": {
                  "notifications": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/UpcomingNotification"
                    }
                  },
                  "count": {
                    "type": "integer",
                    "minimum": 0
                  }
                }
              },
              "NotificationHistoryItem": {
                "type": "object",
                "required": [
                  "id",
                  "milestone_id",
                  "milestone_name",
                  "milestone_type",
                  "milestone_date",
                  "days_before",
                  "status",
                  "sent_at",
                  "viewed_at",
                  "created_at",
                  "recommendations_count"
                ],
                "properties": {
                  "id": {
                    "$ref": "#/components/schemas/Uuid"
                  },
                  "milestone_id": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "uuid"
                  },
                  "milestone_name": {
                    "type": "string"
                  },
                  "milestone_type": {
                    "type": "string"
                  },
                  "milestone_date": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "days_before": {
                    "type": "integer"
                  },
                  "status": {
                    "type": "string",
                    "enum": [
                      "sent",
                      "failed"
                    ]
                  },
                  "sent_at": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  },
                  "viewed_at": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  },
                  "created_at": {
                    "$ref": "#/components/schemas/Timestamp"
                  },
                  "recommendations_count": {
                    "type": "integer",
                    "minimum": 0
                  }
                }
              },
              "NotificationHistory": {
                "type": "object",
                "required": [
                  "notifications",
                  "total"
                ],
                "properties": {
                  "notifications": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/NotificationHistoryItem"
                    }
                  },
                  "total": {
                    "type": "integer",
                    "minimum": 0
                  }
                }
              },
              "NotificationViewed": {
                "type": "object",
                "required": [
                  "id",
                  "viewed_at"
                ],
                "properties": {
                  "id": {
                    "$ref": "#/components/schemas/Uuid"
                  },
                  "viewed_at": {
                    "$ref": "#/components/schemas/Timestamp"
                  }
                }
              },
              "ProcessRequest": {
                "type": "object",
                "required": [
                  "notification_id"
                ],
                "properties": {
                  "notification_id": {
                    "type": "string",
                    "format": "uuid"
                  },
                  "user_id": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "milestone_id": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "days_before": {
                    "type": [
                      "integer",
                      "null"
                    ],
                    "enum": [
                      14,
                      7,
                      3,
                      null
                    ]
                  }
                },
                "propertyNames": {
                  "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"
                },
                "additionalProperties": {
                  "$ref": "#/components/schemas/JSONValue"
                }
              },
              "ProcessResult": {
                "type": "object",
                "required": [
                  "status",
                  "notification_id",
                  "message",
                  "recommendations_generated",
                  "push_delivered"
                ],
                "properties": {
                  "status": {
                    "type": "string",
                    "enum": [
                      "processed",
                      "skipped",
                      "rescheduled"
                    ]
                  },
                  "notification_id": {
                    "$ref": "#/components/schemas/Uuid"
                  },
                  "message": {
                    "type": "string"
                  },
                  "recommendations_generated": {
                    "type": "integer"
                  },
                  "push_delivered": {
                    "type": "boolean"
                  }
                }
              },
              "GenerateRequest": {
                "type": "object",
                "required": [
                  "occasion_type"
                ],
                "properties": {
                  "occasion_type": {
                    "$ref": "#/components/schemas/OccasionType"
                  },
                  "milestone_id": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "uuid",
                    "description": "One of the vault's milestones (404 otherwise)"
                  },
                  "vibe_override": {
                    "type": [
                      "array",
                      "null"
                    ],
                    "items": {
                      "$ref": "#/components/schemas/Vibe"
                    },
                    "minItems": 1,
                    "maxItems": 4,
                    "description": "This request only"
                  },
                  "offline": {
                    "type": [
                      "boolean",
                      "null"
                    ],
                    "description": "Only the offline catalog, even when real sources are configured (default false)"
                  }
                },
                "propertyNames": {
                  "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"
                },
                "additionalProperties": {
                  "$ref": "#/components/schemas/JSONValue"
                }
              },
              "RecommendationRefreshRequest": {
                "type": "object",
                "required": [
                  "rejected_recommendation_ids",
                  "rejection_reason"
                ],
                "properties": {
                  "rejected_recommendation_ids": {
                    "type": "array",
                    "items": {
                      "type": "string",
                      "format": "uuid"
                    },
                    "minItems": 1,
                    "maxItems": 10,
                    "description": "The caller's recommendations being replaced (404 for any other)"
                  },
                  "rejection_reason": {
                    "type": "string",
                    "enum": [
                      "too_expensive",
                      "too_cheap",
                      "not_their_style",
                      "already_have_similar",
                      "show_different"
                    ]
                  },
                  "vibe_override": {
                    "type": [
                      "array",
                      "null"
                    ],
                    "items": {
                      "$ref": "#/components/schemas/Vibe"
                    },
                    "minItems": 1,
                    "maxItems": 4
                  },
                  "offline": {
                    "type": [
                      "boolean",
                      "null"
                    ],
                    "description": "Only the offline catalog, even when real sources are configured (default false)"
                  }
                },
                "propertyNames": {
                  "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"
                },
                "additionalProperties": {
                  "$ref": "#/components/schemas/JSONValue"
                }
              },
              "FeedbackInput": {
                "type": "object",
                "required": [
                  "action"
                ],
                "properties": {
                  "action": {
                    "type": "string",
                    "enum": [
                      "selected",
                      "refreshed",
                      "saved",
                      "shared",
                      "rated",
                      "handoff",
                      "purchased"
                    ]
                  },
                  "rating": {
                    "type": [
                      "integer",
                      "null"
                    ],
                    "minimum": 1,
                    "maximum": 5,
                    "description": "Required when action is rated"
                  },
                  "feedback_text": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "\#(PlatformOpenAPI.optionalTextPattern)",
                    "description": "At most 1000 characters (grapheme clusters) once trimmed; blank is absent"
                  }
                },
                "if": {
                  "properties": {
                    "action": {
                      "const": "rated"
                    }
                  },
                  "required": [
                    "action"
                  ]
                },
                "then": {
                  "required": [
                    "rating"
                  ],
                  "properties": {
                    "rating": {
                      "type": "integer"
                    }
                  }
                },
                "propertyNames": {
                  "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"
                },
                "additionalProperties": {
                  "$ref": "#/components/schemas/JSONValue"
                }
              },
              "Recommendation": {
                "type": "object",
                "required": [
                  "id",
                  "milestone_id",
                  "occasion_type",
                  "recommendation_type",
                  "title",
                  "description",
                  "price_cents",
                  "currency",
                  "merchant_name",
                  "external_url",
                  "image_url",
                  "source",
                  "interest_score",
                  "vibe_score",
                  "love_language_score",
                  "final_score",
                  "informed_by_hints",
                  "created_at",
                  "share_url"
                ],
                "properties": {
                  "id": {
                    "$ref": "#/components/schemas/Uuid"
                  },
                  "milestone_id": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "uuid"
                  },
                  "occasion_type": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "enum": [
                      "just_because",
                      "minor_occasion",
                      "major_milestone",
                      null
                    ]
                  },
                  "recommendation_type": {
                    "type": "string",
                    "enum": [
                      "gift",
                      "experience",
                      "date"
                    ]
                  },
                  "title": {
                    "type": "string"
                  },
                  "description": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "price_cents": {
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "currency": {
                    "type": "string"
                  },
                  "merchant_name": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "external_url": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "image_url": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "source": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "interest_score": {
                    "type": "number"
                  },
                  "vibe_score": {
                    "type": "number"
                  },
                  "love_language_score": {
                    "type": "number"
                  },
                  "final_score": {
                    "type": "number"
                  },
                  "informed_by_hints": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Uuid"
                    }
                  },
                  "created_at": {
                    "$ref": "#/components/schemas/Timestamp"
                  },
                  "share_url": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "description": "Signed path of the share page"
                  },
                  "location": {
                    "description": "Where an experience or date takes place; null for gifts",
                    "oneOf": [
                      {
                        "type": "null"
                      },
                      {
                        "type": "object",
                        "properties": {
                          "city": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "state": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "country": {
                            "type": [
                              "string",
                              "null"
                            ]
                          }
                        }
                      }
                    ]
                  }
                }
              },
              "RecommendationBatch": {
                "type": "object",
                "required": [
                  "recommendations",
                  "count",
                  "occasion_type"
                ],
                "properties": {
                  "recommendations": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Recommendation"
                    }
                  },
                  "count": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "milestone_id": {
                    "$ref": "#/components/schemas/Uuid"
                  },
                  "occasion_type": {
                    "$ref": "#/components/schemas/OccasionType"
                  },
                  "rejection_reason": {
                    "type": "string",
                    "enum": [
                      "too_expensive",
                      "too_cheap",
                      "not_their_style",
                      "already_have_similar",
                      "show_different"
                    ]
                  },
                  "warning": {
                    "type": "string"
                  }
                }
              },
              "Feedback": {
                "type": "object",
                "required": [
                  "id",
                  "recommendation_id",
                  "action",
                  "rating",
                  "feedback_text",
                  "created_at"
                ],
                "properties": {
                  "id": {
                    "$ref": "#/components/schemas/Uuid"
                  },
                  "recommendation_id": {
                    "$ref": "#/components/schemas/Uuid"
                  },
                  "action": {
                    "type": "string",
                    "enum": [
                      "selected",
                      "refreshed",
                      "saved",
                      "shared",
                      "rated",
                      "handoff",
                      "purchased"
                    ]
                  },
                  "rating": {
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "feedback_text": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "created_at": {
                    "$ref": "#/components/schemas/Timestamp"
                  }
                }
              },
              "MilestoneRecommendations": {
                "type": "object",
                "required": [
                  "recommendations",
                  "count",
                  "milestone_id"
                ],
                "properties": {
                  "recommendations": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Recommendation"
                    }
                  },
                  "count": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "milestone_id": {
                    "$ref": "#/components/schemas/Uuid"
                  }
                }
              },
              "LearnedWeights": {
                "type": "object",
                "required": [
                  "interests",
                  "vibes",
                  "love_languages",
                  "types",
                  "feedback_count"
                ],
                "properties": {
                  "interests": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "number"
                    }
                  },
                  "vibes": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "number"
                    }
                  },
                  "love_languages": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "number"
                    }
                  },
                  "types": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "number"
                    }
                  },
                  "feedback_count": {
                    "type": "integer",
                    "minimum": 0
                  }
                }
              }
            }
          }
        }
        """#
}
