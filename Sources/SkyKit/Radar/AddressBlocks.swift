/// The country of registration of an ICAO 24-bit aircraft address, from the blocks ICAO
/// allocates to states (Annex 10, Volume III, Part I, Chapter 9, appendix: "A world-wide
/// scheme for the allocation, assignment and application of aircraft addresses"). A state
/// assigns each aircraft on its register an address from its block, so the block names the
/// country of registration whatever the operator or where it flies.
public enum AddressBlocks {
    /// The ISO 3166 code of the state whose block holds `icao24` (six hex digits), or nil for an
    /// address in no state's block (unallocated, ICAO's own, or not an address).
    public static func country(of icao24: String) -> String? {
        guard icao24.utf8.count == 6, let address = UInt32(icao24, radix: 16) else { return nil }
        return country(of: address)
    }

    /// The ISO 3166 code of the state whose block holds `address`, or nil.
    public static func country(of address: UInt32) -> String? {
        // The last block starting at or below the address, if the address is inside it.
        var low = 0, high = blocks.count
        while low < high {
            let mid = (low + high) / 2
            if blocks[mid].start <= address { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let block = blocks[low - 1]
        return address - block.start < block.size ? block.country : nil
    }

    /// One state's block: `size` addresses from `start`.
    struct Block {
        let start: UInt32
        let size: UInt32
        let country: String
    }

    /// The blocks in address order, parsed once from `table`.
    static let blocks: [Block] = table.split(separator: ",").map { item in
        let parts = item.split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "\n" })
        let start = UInt32(parts[0], radix: 16)!, bits = UInt32(parts[1])!
        return Block(start: start, size: 1 << (24 - bits), country: String(parts[2]))
    }

    /// Each block as its first address, the number of leading bits it fixes (as in
    /// 3C0000/6: the 2^18 addresses 3C0000–3FFFFF) and the state's ISO 3166 code.
    static let table = """
        004000/14 ZW, 006000/12 MZ, 008000/9 ZA, 010000/9 EG, 018000/9 LY, 020000/9 MA, 028000/9 TN, 030000/14 BW, 032000/12 BI, 034000/12 CM,
        035000/14 KM, 036000/12 CG, 038000/12 CI, 03E000/12 GA, 040000/12 ET, 042000/12 GQ, 044000/12 GH, 046000/12 GN, 048000/14 GW, 04A000/14 LS,
        04C000/12 KE, 050000/12 LR, 054000/12 MG, 058000/12 MW, 05A000/14 MV, 05C000/12 ML, 05E000/14 MR, 060000/14 MU, 062000/12 NE, 064000/12 NG,
        068000/12 UG, 06A000/14 QA, 06C000/12 CF, 06E000/12 RW, 070000/12 SN, 074000/14 SC, 076000/14 SL, 078000/12 SO, 07A000/14 SZ, 07C000/12 SD,
        080000/12 TZ, 084000/12 TD, 088000/12 TG, 08A000/12 ZM, 08C000/12 CD, 090000/12 AO, 094000/14 BJ, 096000/14 CV, 098000/14 DJ, 09A000/12 GM,
        09C000/12 BF, 09E000/14 ST, 0A0000/9 DZ, 0A8000/12 BS, 0AA000/14 BB, 0AB000/14 BZ, 0AC000/12 CO, 0AE000/12 CR, 0B0000/12 CU, 0B2000/12 SV,
        0B4000/12 GT, 0B6000/12 GY, 0B8000/12 HT, 0BA000/12 HN, 0BC000/14 VC, 0BE000/12 JM, 0C0000/12 NI, 0C2000/12 PA, 0C4000/12 DO, 0C6000/12 TT,
        0C8000/12 SR, 0CA000/14 AG, 0CC000/14 GD, 0D0000/9 MX, 0D8000/9 VE, 100000/4 RU, 201000/14 NA, 202000/14 ER, 300000/6 IT, 340000/6 ES,
        380000/6 FR, 3C0000/6 DE, 400000/6 GB, 440000/9 AT, 448000/9 BE, 450000/9 BG, 458000/9 DK, 460000/9 FI, 468000/9 GR, 470000/9 HU,
        478000/9 NO, 480000/9 NL, 488000/9 PL, 490000/9 PT, 498000/9 CZ, 4A0000/9 RO, 4A8000/9 SE, 4B0000/9 CH, 4B8000/9 TR, 4C0000/9 RS,
        4C8000/14 CY, 4CA000/12 IE, 4CC000/12 IS, 4D0000/14 LU, 4D2000/12 MT, 4D4000/14 MC, 500000/14 SM, 501000/14 AL, 501C00/14 HR, 502C00/14 LV,
        503C00/14 LT, 504C00/14 MD, 505C00/14 SK, 506C00/14 SI, 507C00/14 UZ, 508000/9 UA, 510000/14 BY, 511000/14 EE, 512000/14 MK, 513000/14 BA,
        514000/14 GE, 515000/14 TJ, 516000/14 ME, 600000/14 AM, 600800/14 AZ, 601000/14 KG, 601800/14 TM, 680000/14 BT, 681000/14 FM, 682000/14 MN,
        683000/14 KZ, 684000/14 PW, 700000/12 AF, 702000/12 BD, 704000/12 MM, 706000/12 KW, 708000/12 LA, 70A000/12 NP, 70C000/14 OM, 70E000/12 KH,
        710000/9 SA, 718000/9 KR, 720000/9 KP, 728000/9 IQ, 730000/9 IR, 738000/9 IL, 740000/9 JO, 748000/9 LB, 750000/9 MY, 758000/9 PH,
        760000/9 PK, 768000/9 SG, 770000/9 LK, 778000/9 SY, 780000/6 CN, 7C0000/6 AU, 800000/6 IN, 840000/6 JP, 880000/9 TH, 888000/9 VN,
        890000/12 YE, 894000/12 BH, 895000/14 BN, 896000/12 AE, 897000/14 SB, 898000/12 PG, 899000/14 TW, 8A0000/9 ID, 900000/14 MH, 901000/14 CK,
        902000/14 WS, A00000/4 US, C00000/6 CA, C80000/9 NZ, C88000/12 FJ, C8A000/14 NR, C8C000/14 LC, C8D000/14 TO, C8E000/14 KI, C90000/14 VU,
        E00000/6 AR, E40000/6 BR, E80000/12 CL, E84000/12 EC, E88000/12 PY, E8C000/12 PE, E90000/12 UY, E94000/12 BO
        """
}
