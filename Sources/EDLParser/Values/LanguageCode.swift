/// A language as ISO 639-2 names it, for the language tag of a subtitle
/// stream: written as ISO 639-1 (`en`) or ISO 639-2 (`eng`, and the
/// bibliographic `fre` or the terminology `fra` where the two differ).
public struct LanguageCode: Hashable, Sendable, Codable {
    /// ISO 639-2/T, the code MP4 and QuickTime files carry (`fra`).
    public let terminology: String

    /// ISO 639-2/B, the code Matroska files carry (`fre`); the same as
    /// `terminology` but for twenty languages.
    public var bibliographic: String { Self.bibliographicCodes[terminology] ?? terminology }

    /// `nil` when `code` is no ISO 639-1 or 639-2 code; letters in any case.
    public init?(_ code: String) {
        let code = code.lowercased()
        if let three = Self.twoLetterCodes[code] {
            terminology = three
        } else if let three = Self.terminologyCodes[code] {
            terminology = three
        } else if Self.threeLetterCodes.contains(code) {
            terminology = code
        } else {
            return nil
        }
    }

    /// The codes a mistyped one is compared against for a "did you mean".
    public static var knownCodes: [String] { twoLetterCodes.keys.sorted() + threeLetterCodes.sorted() }

    /// ISO 639-1 codes, each followed by its ISO 639-2/T code.
    private static let twoLetterCodes: [String: String] = pairs(
        """
        aaaar ababk aeave afafr akaka amamh anarg arara asasm avava ayaym azaze babak bebel bgbul bhbih bibis
        bmbam bnben bobod brbre bsbos cacat ceche chcha cocos crcre csces cuchu cvchv cycym dadan dedeu dvdiv
        dzdzo eeewe elell eneng eoepo esspa etest eueus fafas ffful fifin fjfij fofao frfra fyfry gagle gdgla
        glglg gngrn guguj gvglv hahau heheb hihin hohmo hrhrv hthat huhun hyhye hzher iaina idind ieile igibo
        iiiii ikipk ioido isisl itita iuiku jajpn jvjav kakat kgkon kikik kjkua kkkaz klkal kmkhm knkan kokor
        krkau kskas kukur kvkom kwcor kykir lalat lbltz lglug lilim lnlin lolao ltlit lulub lvlav mgmlg mhmah
        mimri mkmkd mlmal mnmon mrmar msmsa mtmlt mymya nanau nbnob ndnde nenep ngndo nlnld nnnno nonor nrnbl
        nvnav nynya ococi ojoji omorm orori ososs papan pipli plpol pspus ptpor quque rmroh rnrun roron rurus
        rwkin sasan scsrd sdsnd sesme sgsag sisin skslk slslv smsmo snsna sosom sqsqi srsrp ssssw stsot susun
        svswe swswa tatam tetel tgtgk ththa titir tktuk tltgl tntsn toton trtur tstso tttat twtwi tytah uguig
        ukukr ururd uzuzb veven vivie vovol wawln wowol xhxho yiyid yoyor zazha zhzho zuzul
        """)

    /// ISO 639-2/T codes of languages without an ISO 639-1 code.
    private static let otherCodes =
        """
        ace ach ada ady afa afh ain akk ale alg alt ang anp apa arc arn arp art arw ast ath aus awa bad bai bal
        ban bas bat bej bem ber bho bik bin bla bnt bra btk bua bug byn cad cai car cau ceb cel chb chg chk chm
        chn cho chp chr chy cmc cnr cop cpe cpf cpp crh crp csb cus dak dar day del den dgr din doi dra dsb dua
        dum dyu efi egy eka elx enm ewo fan fat fil fiu fon frm fro frr frs fur gaa gay gba gem gez gil gmh goh
        gon gor got grb grc gsw gwi hai haw hil him hit hmn hsb hup iba ijo ilo inc ine inh ira iro jbo jpr jrb
        kaa kab kac kam kar kaw kbd kha khi kho kmb kok kos kpe krc krl kro kru kum kut lad lah lam lez lol loz
        lua lui lun luo lus mad mag mai mak man map mas mdf mdr men mga mic min mis mkh mnc mni mno moh mos mul
        mun mus mwl mwr myn myv nah nai nap nds new nia nic niu nog non nqo nso nub nwc nym nyn nyo nzi osa ota
        oto paa pag pal pam pap pau peo phi phn pon pra pro raj rap rar roa rom rup sad sah sai sal sam sas sat
        scn sco sel sem sga sgn shn sid sio sit sla sma smi smj smn sms snk sog son srn srr ssa suk sus sux syc
        syr tai tem ter tet tig tiv tkl tlh tli tmh tog tpi tsi tum tup tut tvl tyv udm uga umb und vai vot wak
        wal war was wen xal yao yap ypk zap zbl zen zgh znd zun zxx zza
        """

    /// ISO 639-2/T codes followed by the /B code where the two differ.
    private static let bibliographicCodes: [String: String] = pairs(
        "bodtib cescze cymwel deuger ellgre eusbaq fasper frafre hyearm islice katgeo mkdmac mrimao msamay myabur nlddut ronrum slkslo sqialb zhochi"
    )

    private static let terminologyCodes = Dictionary(uniqueKeysWithValues: bibliographicCodes.map { ($1, $0) })
    private static let threeLetterCodes = Set(twoLetterCodes.values).union(otherCodes.split(separator: " ").map(String.init))

    /// "aaaar ababk" as ["aa": "aar", "ab": "abk"]: each word is a code and the three letters of the next.
    private static func pairs(_ text: String) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: text.split(whereSeparator: \.isWhitespace).map { word in
                (String(word.dropLast(3)), String(word.suffix(3)))
            })
    }
}
