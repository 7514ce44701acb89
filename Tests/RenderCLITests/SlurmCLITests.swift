import Foundation
import Testing

/// SPEC 19 on a real scheduler: a one-node Slurm cluster (`scripts/slurm-local.sh`)
/// runs `deploy/slurm/submit.sh` as a user would, an array job and its join.
@Suite struct SlurmCLITests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let clusterAvailable =
        getuid() == 0
        && ["/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/sbin/munged", "/usr/bin/sbatch"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }

    @Test(.enabled(if: clusterAvailable, "needs root, slurm-wlm and munge (scripts/install-deps.sh --test)"))
    func anArrayJobOfFourTasksAndItsJoinWriteWhatOneMachineWrites() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", JobCLITests.project)
        let local = Self.package.appendingPathComponent("scripts/slurm-local.sh").path
        let cluster = space.path("cluster")
        try Tool.run("bash", [local, "start", cluster])
        defer { _ = try? Tool.run("bash", [local, "stop", cluster]) }

        let submit = Self.package.appendingPathComponent("deploy/slurm/submit.sh").path
        let submitted = try Tool.run(
            "env",
            [
                "RENDER=\(CLI.executable.path)", "bash", local, "run", cluster, submit, space.path("edit.yaml"),
                space.path("job"), space.path("joined.mp4"), "4", "--cpus-per-task=1",
            ])
        #expect(submitted.contains("(4 tasks), join job"), "\(submitted)")

        // The join job writes the output last; the queue empties when it is done.
        let deadline = Date().addingTimeInterval(300)
        func queue() -> String { (try? Tool.run("bash", [local, "run", cluster, "squeue", "-h"])) ?? "?" }
        while Date() < deadline && (!space.exists("joined.mp4") || !queue().isEmpty) { usleep(250_000) }
        let logs = try FileManager.default.contentsOfDirectory(atPath: space.path("job")).filter { $0.hasSuffix(".log") }
        let said = logs.sorted().map { "\($0): \((try? String(contentsOfFile: space.path("job/\($0)"), encoding: .utf8)) ?? "")" }
        try #require(space.exists("joined.mp4"), "no output; queue: \(queue()); logs: \(said)")
        #expect(logs.filter { $0.hasPrefix("chunk-") }.count == 4, "\(said)")
        #expect(logs.filter { $0.hasPrefix("join-") }.count == 1, "\(said)")

        let single = try space.render("edit.yaml", "-o", "single.mp4", "--no-cache", "--progress", "none")
        #expect(single.status == 0, "\(single)")
        #expect(space.data("joined.mp4") == space.data("single.mp4"))
        #expect(try Tool.videoFacts(space.path("joined.mp4")).frames == 200)
    }
}
