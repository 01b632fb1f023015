import FareLens
import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore
import Testing

/// The Amadeus wire types against Amadeus's own documented sample, and FareLens's additions.
@Suite("Offline fares: the Amadeus wire format")
struct OfflineFareWireTests {
    /// The example response of `GET /v2/shopping/flight-offers` from Amadeus's Flight Offers Search
    /// v2.9.1 specification (github.com/amadeus4dev/amadeus-open-api-specification, MIT licence).
    static let amadeusSample = #"""
        {
          "meta": {
            "count": 2,
            "links": {
              "self": "https://test.api.amadeus.com/v2/shopping/flight-offers?originLocationCode=SYD&destinationLocationCode=BKK&departureDate=2021-11-01&adults=1&max=2"
            }
          },
          "data": [
            {
              "type": "flight-offer",
              "id": "1",
              "source": "GDS",
              "instantTicketingRequired": false,
              "nonHomogeneous": false,
              "oneWay": false,
              "lastTicketingDate": "2021-11-01",
              "numberOfBookableSeats": 9,
              "itineraries": [
                {
                  "duration": "PT14H15M",
                  "segments": [
                    {
                      "departure": {
                        "iataCode": "SYD",
                        "terminal": "1",
                        "at": "2021-11-01T11:35:00"
                      },
                      "arrival": {
                        "iataCode": "MNL",
                        "terminal": "2",
                        "at": "2021-11-01T16:50:00"
                      },
                      "carrierCode": "PR",
                      "number": "212",
                      "aircraft": {
                        "code": "333"
                      },
                      "operating": {
                        "carrierCode": "PR"
                      },
                      "duration": "PT8H15M",
                      "id": "1",
                      "numberOfStops": 0,
                      "blacklistedInEU": false
                    },
                    {
                      "departure": {
                        "iataCode": "MNL",
                        "terminal": "1",
                        "at": "2021-11-01T19:20:00"
                      },
                      "arrival": {
                        "iataCode": "BKK",
                        "at": "2021-11-01T21:50:00"
                      },
                      "carrierCode": "PR",
                      "number": "732",
                      "aircraft": {
                        "code": "320"
                      },
                      "operating": {
                        "carrierCode": "PR"
                      },
                      "duration": "PT3H30M",
                      "id": "2",
                      "numberOfStops": 0,
                      "blacklistedInEU": false
                    }
                  ]
                }
              ],
              "price": {
                "currency": "EUR",
                "total": "355.34",
                "base": "255.00",
                "fees": [
                  {
                    "amount": "0.00",
                    "type": "SUPPLIER"
                  },
                  {
                    "amount": "0.00",
                    "type": "TICKETING"
                  }
                ],
                "grandTotal": "355.34"
              },
              "pricingOptions": {
                "fareType": [
                  "PUBLISHED"
                ],
                "includedCheckedBagsOnly": true
              },
              "validatingAirlineCodes": [
                "PR"
              ],
              "travelerPricings": [
                {
                  "travelerId": "1",
                  "fareOption": "STANDARD",
                  "travelerType": "ADULT",
                  "price": {
                    "currency": "EUR",
                    "total": "355.34",
                    "base": "255.00"
                  },
                  "fareDetailsBySegment": [
                    {
                      "segmentId": "1",
                      "cabin": "ECONOMY",
                      "fareBasis": "EOBAU",
                      "class": "E",
                      "includedCheckedBags": {
                        "weight": 25,
                        "weightUnit": "KG"
                      }
                    },
                    {
                      "segmentId": "2",
                      "cabin": "ECONOMY",
                      "fareBasis": "EOBAU",
                      "class": "E",
                      "includedCheckedBags": {
                        "weight": 25,
                        "weightUnit": "KG"
                      }
                    }
                  ]
                }
              ]
            },
            {
              "type": "flight-offer",
              "id": "2",
              "source": "GDS",
              "instantTicketingRequired": false,
              "nonHomogeneous": false,
              "oneWay": false,
              "lastTicketingDate": "2021-11-01",
              "numberOfBookableSeats": 9,
              "itineraries": [
                {
                  "duration": "PT16H35M",
                  "segments": [
                    {
                      "departure": {
                        "iataCode": "SYD",
                        "terminal": "1",
                        "at": "2021-11-01T11:35:00"
                      },
                      "arrival": {
                        "iataCode": "MNL",
                        "terminal": "2",
                        "at": "2021-11-01T16:50:00"
                      },
                      "carrierCode": "PR",
                      "number": "212",
                      "aircraft": {
                        "code": "333"
                      },
                      "operating": {
                        "carrierCode": "PR"
                      },
                      "duration": "PT8H15M",
                      "id": "3",
                      "numberOfStops": 0,
                      "blacklistedInEU": false
                    },
                    {
                      "departure": {
                        "iataCode": "MNL",
                        "terminal": "1",
                        "at": "2021-11-01T21:40:00"
                      },
                      "arrival": {
                        "iataCode": "BKK",
                        "at": "2021-11-02T00:10:00"
                      },
                      "carrierCode": "PR",
                      "number": "740",
                      "aircraft": {
                        "code": "321"
                      },
                      "operating": {
                        "carrierCode": "PR"
                      },
                      "duration": "PT3H30M",
                      "id": "4",
                      "numberOfStops": 0,
                      "blacklistedInEU": false
                    }
                  ]
                }
              ],
              "price": {
                "currency": "EUR",
                "total": "355.34",
                "base": "255.00",
                "fees": [
                  {
                    "amount": "0.00",
                    "type": "SUPPLIER"
                  },
                  {
                    "amount": "0.00",
                    "type": "TICKETING"
                  }
                ],
                "grandTotal": "355.34"
              },
              "pricingOptions": {
                "fareType": [
                  "PUBLISHED"
                ],
                "includedCheckedBagsOnly": true
              },
              "validatingAirlineCodes": [
                "PR"
              ],
              "travelerPricings": [
                {
                  "travelerId": "1",
                  "fareOption": "STANDARD",
                  "travelerType": "ADULT",
                  "price": {
                    "currency": "EUR",
                    "total": "355.34",
                    "base": "255.00"
                  },
                  "fareDetailsBySegment": [
                    {
                      "segmentId": "3",
                      "cabin": "ECONOMY",
                      "fareBasis": "EOBAU",
                      "class": "E",
                      "includedCheckedBags": {
                        "weight": 25,
                        "weightUnit": "KG"
                      }
                    },
                    {
                      "segmentId": "4",
                      "cabin": "ECONOMY",
                      "fareBasis": "EOBAU",
                      "class": "E",
                      "includedCheckedBags": {
                        "weight": 25,
                        "weightUnit": "KG"
                      }
                    }
                  ]
                }
              ]
            }
          ],
          "dictionaries": {
            "locations": {
              "BKK": {
                "cityCode": "BKK",
                "countryCode": "TH"
              },
              "MNL": {
                "cityCode": "MNL",
                "countryCode": "PH"
              },
              "SYD": {
                "cityCode": "SYD",
                "countryCode": "AU"
              }
            },
            "aircraft": {
              "320": "AIRBUS A320",
              "321": "AIRBUS A321",
              "333": "AIRBUS A330-300"
            },
            "currencies": {
              "EUR": "EURO"
            },
            "carriers": {
              "PR": "PHILIPPINE AIRLINES"
            }
          }
        }
        """#

    @Test("Amadeus's documented sample response decodes into the wire types, every field in place")
    func decodesAmadeusSample() throws {
        let response = try JSONDecoder.api.decode(FlightOffersResponse.self, from: Data(Self.amadeusSample.utf8))
        #expect(response.meta?.count == 2 && response.meta?.links?["self"]?.hasPrefix("https://test.api.amadeus.com/v2/shopping/flight-offers") == true)
        #expect(response.meta?.source == nil && response.meta?.stale == nil)
        #expect(response.data.count == 2)
        let offer = try #require(response.data.first)
        #expect(offer.type == "flight-offer" && offer.id == "1" && offer.source == "GDS" && offer.numberOfBookableSeats == 9)
        #expect(offer.oneWay == false && offer.lastTicketingDate == "2021-11-01")
        #expect(offer.price.currency == "EUR" && offer.price.total == "355.34" && offer.price.base == "255.00" && offer.price.grandTotal == "355.34")
        #expect(offer.price.grandTotalAmount == Decimal(string: "355.34"))
        #expect(offer.price.fees?.map(\.type) == ["SUPPLIER", "TICKETING"])
        #expect(offer.validatingAirlineCodes == ["PR"])
        #expect(offer.dealScore == nil && offer.dealTier == nil)
        let itinerary = try #require(offer.itineraries.first)
        #expect(itinerary.duration == "PT14H15M" && FlightDuration.minutes("PT14H15M") == 855)
        #expect(itinerary.segments.map(\.departure.iataCode) == ["SYD", "MNL"] && itinerary.segments.map(\.arrival.iataCode) == ["MNL", "BKK"])
        let first = itinerary.segments[0]
        #expect(first.departure.terminal == "1" && first.departure.at == "2021-11-01T11:35:00" && first.carrierCode == "PR" && first.number == "212")
        #expect(first.aircraft?.code == "333" && first.operating?.carrierCode == "PR" && first.duration == "PT8H15M" && first.id == "1" && first.numberOfStops == 0)
        #expect(itinerary.segments[1].arrival.terminal == nil)
        let traveller = try #require(offer.travelerPricings?.first)
        #expect(traveller.travelerType == "ADULT" && traveller.fareOption == "STANDARD" && traveller.price.total == "355.34")
        let fare = try #require(traveller.fareDetailsBySegment?.first)
        #expect(fare.segmentId == "1" && fare.cabin == FlightCabin.economy.rawValue && fare.bookingClass == "E" && fare.fareBasis == "EOBAU")
        #expect(fare.includedCheckedBags == FlightBaggageAllowance(weight: 25, weightUnit: "KG"))
        #expect(response.dictionaries?.carriers == ["PR": "PHILIPPINE AIRLINES"])
        #expect(response.dictionaries?.aircraft?["333"] == "AIRBUS A330-300")
        #expect(response.dictionaries?.locations?["BKK"] == FlightLocation(cityCode: "BKK", countryCode: "TH"))
        #expect(response.dictionaries?.currencies == ["EUR": "EURO"])
        // The shape check the offline provider's offers pass holds for Amadeus's own data.
        try OfferShape.check(response)
        // And what FareLens writes back reads the same.
        #expect(try JSONDecoder.api.decode(FlightOffersResponse.self, from: JSONEncoder.api.encode(response)) == response)
    }

    @Test("FareLens's additions are snake_case and optional; amounts are JSON strings")
    func additions() throws {
        var response = try JSONDecoder.api.decode(FlightOffersResponse.self, from: Data(Self.amadeusSample.utf8))
        response.data[0].dealScore = 87
        response.data[0].dealTier = "exceptional"
        response.meta = FlightSearchMeta(
            count: 2, source: .cache, cachedAt: Date(timeIntervalSince1970: 1_800_000_000), stale: true, quota: FlightSearchQuota(provider: "amadeus", used: 2000, limit: 2000))
        let json = try #require(JSONSerialization.jsonObject(with: JSONEncoder.api.encode(response)) as? [String: Any])
        let offer = try #require((json["data"] as? [[String: Any]])?.first)
        #expect(offer["deal_score"] as? Int == 87 && offer["deal_tier"] as? String == "exceptional")
        #expect((offer["price"] as? [String: Any])?["grandTotal"] as? String == "355.34")
        let meta = try #require(json["meta"] as? [String: Any])
        #expect(meta["source"] as? String == "cache" && meta["stale"] as? Bool == true && meta["cached_at"] as? String == "2027-01-15T08:00:00.000Z")
        #expect((meta["quota"] as? [String: Any])?["limit"] as? Int == 2000)
        let second = try #require((json["data"] as? [[String: Any]])?.last)
        #expect(second["deal_score"] == nil && second["deal_tier"] == nil)
    }

    @Test("ISO 8601 durations are written and read as Amadeus writes them")
    func durations() {
        #expect(FlightDuration.text(minutes: 855) == "PT14H15M" && FlightDuration.text(minutes: 45) == "PT45M" && FlightDuration.text(minutes: 720) == "PT12H")
        #expect(FlightDuration.text(minutes: 0) == "PT0M" && FlightDuration.text(minutes: 1530) == "PT25H30M")
        #expect(FlightDuration.minutes("PT45M") == 45 && FlightDuration.minutes("PT25H30M") == 1530 && FlightDuration.minutes("P1DT2H") == 1560)
        for bad in ["", "P", "PT", "5H", "PT5", "PTxH", "PT5H5", "PT5D", "P1H"] { #expect(FlightDuration.minutes(bad) == nil, "\(bad)") }
    }

    @Test("amounts are decimal strings with the currency's own decimals")
    func money() {
        #expect(FlightMoney.text(minorUnits: 35534, currency: "EUR") == "355.34" && FlightMoney.text(minorUnits: 5, currency: "USD") == "0.05")
        #expect(FlightMoney.text(minorUnits: 35000, currency: "JPY") == "35000" && FlightMoney.text(minorUnits: 12345, currency: "KWD") == "12.345")
        #expect(FlightMoney.decimal("355.34") == Decimal(string: "355.34") && FlightMoney.decimal("35000") == 35000)
        for bad in ["", ".5", "5.", "1e3", "-1.00", "1,00", "1.2.3", " 1"] { #expect(FlightMoney.decimal(bad) == nil, "\(bad)") }
    }
}
