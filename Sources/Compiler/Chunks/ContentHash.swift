import Crypto
import Foundation

/// SHA-256 as 64 lowercase hex digits: chunk fingerprints and source hashes.
public enum ContentHash {
    public static func sha256(_ text: String) -> String {
        sha256(Data(text.utf8))
    }

    public static func sha256(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    public static func hex<Digest: Sequence>(_ digest: Digest) -> String where Digest.Element == UInt8 {
        let digits = Array("0123456789abcdef")
        var text = ""
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return text
    }
}
