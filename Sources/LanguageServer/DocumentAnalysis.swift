import Compiler
import EDLParser
import Foundation
import Workspace

/// One version of an open document compiled as a project, with what the
/// editor's questions about it need: its outline, and where each item plays.
final class DocumentAnalysis {
    let document: Document
    /// The file the document is (diagnostics name it so).
    let path: String
    let compilation: Compilation
    let media: any MediaInfo

    /// `buffers`: the texts of the other documents open in the editor, by path,
    /// which the project reads instead of the files on disk.
    init(document: Document, compiler: ProjectCompiler, buffers: [String: String] = [:]) {
        self.document = document
        path = Self.path(ofURI: document.uri)
        compilation = compiler.compile(ProjectSource(path: path, text: document.text, buffers: buffers), placing: true)
        media = compiler.compiler.media
    }

    private(set) lazy var outline = YAMLOutline(document.index)
    /// The plan, or while the project has errors the plan of the items without any.
    var plan: RenderPlan? { compilation.plan ?? compilation.placementPlan }
    private(set) lazy var placements = Placements(plan: plan)

    /// A `file:` URI's path; another scheme's document (an unsaved buffer)
    /// stands in the working directory under its last name.
    static func path(ofURI uri: String) -> String {
        if let url = URL(string: uri), url.isFileURL { return url.standardizedFileURL.path }
        let name = uri.split(separator: "/").last.map(String.init) ?? "untitled.yaml"
        return FileManager.default.currentDirectoryPath + "/" + (name.removingPercentEncoding ?? name)
    }

    static func uri(ofPath path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    /// The document a diagnostic's file name is: this one, or a composition file it reads.
    func uri(ofFile file: String) -> String {
        file == path ? document.uri : Self.uri(ofPath: URL(fileURLWithPath: file, relativeTo: directoryURL).path)
    }

    var directoryURL: URL { URL(fileURLWithPath: compilation.project?.directory ?? (path as NSString).deletingLastPathComponent) }

    /// The positions of a file a diagnostic points into.
    func index(ofFile file: String) -> LineIndex? {
        if file == path { return document.index }
        return compilation.sources[file].map { LineIndex($0, encoding: document.index.encoding) }
    }

    // MARK: - Diagnostics

    /// A compiler diagnostic where the editor shows it.
    struct Placed {
        var uri: String
        var range: Range
        var diagnostic: Diagnostic
    }

    private(set) lazy var placedDiagnostics: [Placed] = {
        var indexes: [String: LineIndex] = [:]
        return compilation.diagnostics.map { diagnostic in
            guard let location = diagnostic.location else {
                let start = Position(line: 0, character: 0)
                return Placed(uri: document.uri, range: Range(start: start, end: start), diagnostic: diagnostic)
            }
            if indexes[location.file] == nil { indexes[location.file] = index(ofFile: location.file) }
            let uri = uri(ofFile: location.file)
            guard let index = indexes[location.file] else {
                let start = Position(line: max(location.line - 1, 0), character: max(location.column - 1, 0))
                return Placed(uri: uri, range: Range(start: start, end: start), diagnostic: diagnostic)
            }
            return Placed(uri: uri, range: Self.range(of: location, in: index), diagnostic: diagnostic)
        }
    }()

    /// The token a location points at: the key or value it starts.
    static func range(of location: SourceLocation, in index: LineIndex) -> Range {
        let start = index.offset(line: location.line, scalarColumn: location.column)
        let end = YAMLOutline.tokenEnd(from: start, in: index)
        return Range(start: index.position(ofOffset: start), end: index.position(ofOffset: end))
    }

    /// Everything to publish, by document.
    func diagnosticsByDocument() -> [String: [LSPDiagnostic]] {
        var result: [String: [LSPDiagnostic]] = [document.uri: []]
        for placed in placedDiagnostics {
            let diagnostic = placed.diagnostic
            let severity: Int
            switch diagnostic.severity {
            case .error: severity = 1
            case .warning: severity = 2
            case .note: severity = 3
            }
            var message = diagnostic.message
            if let hint = diagnostic.hint { message += "\nhint: \(hint)" }
            result[placed.uri, default: []].append(LSPDiagnostic(severity: severity, range: placed.range, message: message))
        }
        if compilation.dropped > 0 {
            let start = Position(line: 0, character: 0)
            result[document.uri, default: []].append(
                LSPDiagnostic(
                    severity: 3, range: Range(start: start, end: start),
                    message: "… and \(compilation.dropped) more errors not shown"))
        }
        return result
    }
}
