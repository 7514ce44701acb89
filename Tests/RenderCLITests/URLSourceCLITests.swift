import Foundation
import Testing

/// A URL as a source is a diagnostic, and nothing tries to fetch it.
@Suite struct URLSourceCLITests {
    @Test func aURLSourceIsADiagnosticAndIsNeverOpened() throws {
        let listener = try Listener()
        defer { listener.close() }
        let space = try Workspace()
        defer { space.clean() }
        let url = "http://127.0.0.1:\(listener.port)/clip.mp4"
        try space.write(
            "remote.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - source: \(url)

            """)
        let column = String(repeating: " ", count: 16)
        for command in [
            ["check", "remote.yaml"], ["remote.yaml", "-o", "out.mp4"], ["plan", "remote.yaml"],
            ["frame", "remote.yaml", "--at", "0", "-o", "f.png"],
        ] {
            let result = try CLI.run(command, in: space.url)
            #expect(result.status == 2, "\(command): \(result)")
            #expect(
                result.stderr == """
                    remote.yaml:5:17: error: '\(url)' is a URL; sources and outputs must be local files
                     5 |       - source: \(url)
                       | \(column)^
                    hint: download the file and refer to it by its path
                    1 error

                    """, "\(command)")
        }
        #expect(!listener.hadConnection, "something connected to the URL")
        #expect(space.listing() == ["remote.yaml"])
    }

    /// The check above means something: a connection is noticed.
    @Test func theListenerNoticesAConnection() throws {
        let listener = try Listener()
        defer { listener.close() }
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { Glibc.close(client) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = listener.port.bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        #expect(connected)
        #expect(listener.hadConnection)
    }

    @Test func aURLAssetIsADiagnostic() throws {
        let listener = try Listener()
        defer { listener.close() }
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "remote.yaml",
            """
            cutlist: 1
            assets:
              talk: rtmp://127.0.0.1:\(listener.port)/live
            tracks:
              - items:
                  - source: talk

            """)
        let result = try space.render("remote.yaml", "-o", "out.mp4")
        #expect(result.status == 2, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                """
                remote.yaml:3:9: error: 'rtmp://127.0.0.1:\(listener.port)/live' is a URL; sources and outputs must be local files
                """), "\(result)")
        #expect(!listener.hadConnection)
    }
}

/// A TCP socket listening on 127.0.0.1, to notice any attempt to connect.
final class Listener {
    let descriptor: Int32
    let port: UInt16

    struct Failure: Error {}

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(descriptor)
            throw Failure()
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// True if a connection is waiting (or was made and dropped).
    var hadConnection: Bool {
        let client = accept(descriptor, nil, nil)
        if client >= 0 {
            Glibc.close(client)
            return true
        }
        return false
    }

    func close() { Glibc.close(descriptor) }
}
