/// The booking sites of the airlines FareLens's fares name (IATA code → the airline's own site), so
/// a booking link can send the user to the carrier. An airline not listed gets no airline link.
public enum AirlineSites {
    /// The airline's site for `code` (IATA, any case), nil when not listed.
    public static func site(_ code: String) -> String? { sites[code.uppercased()] }

    static let sites: [String: String] = [
        // North America
        "AA": "https://www.aa.com", "DL": "https://www.delta.com", "UA": "https://www.united.com", "AC": "https://www.aircanada.com",
        "AS": "https://www.alaskaair.com", "B6": "https://www.jetblue.com", "WN": "https://www.southwest.com", "WS": "https://www.westjet.com",
        "NK": "https://www.spirit.com",
        // Europe
        "BA": "https://www.britishairways.com", "AF": "https://www.airfrance.com", "KL": "https://www.klm.com", "LH": "https://www.lufthansa.com",
        "LX": "https://www.swiss.com", "IB": "https://www.iberia.com", "AZ": "https://www.ita-airways.com", "TP": "https://www.flytap.com",
        "SK": "https://www.flysas.com", "AY": "https://www.finnair.com", "EI": "https://www.aerlingus.com", "TK": "https://www.turkishairlines.com",
        "FR": "https://www.ryanair.com", "U2": "https://www.easyjet.com", "W6": "https://wizzair.com", "VY": "https://www.vueling.com",
        // Asia
        "SQ": "https://www.singaporeair.com", "CX": "https://www.cathaypacific.com", "NH": "https://www.ana.co.jp", "JL": "https://www.jal.co.jp",
        "KE": "https://www.koreanair.com", "OZ": "https://flyasiana.com", "CI": "https://www.china-airlines.com", "BR": "https://www.evaair.com",
        "CA": "https://www.airchina.com", "MU": "https://us.ceair.com", "CZ": "https://www.csair.com", "TG": "https://www.thaiairways.com",
        "MH": "https://www.malaysiaairlines.com", "AI": "https://www.airindia.com", "PR": "https://www.philippineairlines.com",
        "6E": "https://www.goindigo.in", "AK": "https://www.airasia.com",
        // Middle East
        "EK": "https://www.emirates.com", "QR": "https://www.qatarairways.com", "EY": "https://www.etihad.com", "SV": "https://www.saudia.com",
        "WY": "https://www.omanair.com", "GF": "https://www.gulfair.com", "RJ": "https://www.rj.com", "FZ": "https://www.flydubai.com",
        // Latin America
        "LA": "https://www.latamairlines.com", "AV": "https://www.avianca.com", "CM": "https://www.copaair.com", "AM": "https://www.aeromexico.com",
        "AR": "https://www.aerolineas.com.ar", "AD": "https://www.voeazul.com.br", "G3": "https://www.voegol.com.br", "Y4": "https://www.volaris.com",
        // Oceania
        "QF": "https://www.qantas.com", "NZ": "https://www.airnewzealand.com", "VA": "https://www.virginaustralia.com", "JQ": "https://www.jetstar.com",
        "FJ": "https://www.fijiairways.com",
        // Africa
        "ET": "https://www.ethiopianairlines.com", "KQ": "https://www.kenya-airways.com", "SA": "https://www.flysaa.com", "MS": "https://www.egyptair.com",
        "AT": "https://www.royalairmaroc.com", "WB": "https://www.rwandair.com",
    ]
}
