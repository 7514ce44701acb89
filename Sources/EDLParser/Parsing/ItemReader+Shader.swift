import Foundation
import Yams

extension ItemReader {
    /// The largest shader file read: hand-written GLSL is a few KiB, and
    /// whatever passes on to the GLSL compiler is bounded.
    static let shaderSizeLimit = 1 << 20

    /// A `shader:` file, its `uniforms:` and an item's `inputs:`, checked against
    /// what the file declares. `setByCutlist` are the uniforms Cutlist sets itself.
    func readShader(_ node: Node, uniforms: ParseContext.Entry?, inputs: ParseContext.Entry? = nil, setByCutlist: [String])
        -> ShaderFile?
    {
        guard let written = context.text(node, "shader"), let path = context.value(node, "shader", reader.paths.resolve)
        else { return nil }
        let text: String
        switch context.nesting.reader.text(path, limit: Self.shaderSizeLimit) {
        case .success(let read?): text = read
        case .success(nil):
            context.error("the shader '\(written)' is not UTF-8 text", at: node)
            return nil
        case .failure(let problem):
            context.error(
                "the shader '\(written)' \(problem.description)", at: node,
                hint: problem == .missing ? "check the path; it is relative to the project file" : nil)
            return nil
        }
        let declared = ShaderDeclaration.scan(text)
        let read = inputs.map(readInputs) ?? []
        var complete = checkSamplers(declared.filter { $0.type == "sampler2D" }, for: read, at: node)
        let settable = declared.filter { !setByCutlist.contains($0.name) && $0.type != "sampler2D" }
        var values: [ShaderUniform] = []
        var given = Set<String>()
        if let uniforms {
            let names = settable.map(\.name)
            let entries = context.entries(
                of: uniforms.value, in: "'uniforms'", allowed: names + setByCutlist, suggested: names)
            for (name, entry) in entries ?? [:] {
                if setByCutlist.contains(name) {
                    context.error("Cutlist sets '\(name)' itself", at: entry.keyNode, hint: "remove it from 'uniforms'")
                    continue
                }
                guard let declaration = settable.first(where: { $0.name == name }) else { continue }
                given.insert(name)
                if let value = uniformValue(entry, declaration) { values.append(ShaderUniform(name: name, value: value)) }
            }
        }
        for declaration in settable where !given.contains(declaration.name) {
            if let fixed = declaration.defaultValue, let count = ShaderDeclaration.components(of: declaration.type) {
                let components = fixed.count == 1 ? Array(repeating: fixed[0], count: count) : fixed
                values.append(ShaderUniform(name: declaration.name, value: .fixed(components, type: declaration.type)))
            } else {
                complete = false
                context.error(
                    "the shader's uniform '\(declaration.name)' (\(declaration.type)) has no value", at: node,
                    hint: "give it under 'uniforms:', or a default in its comment: 'uniform \(declaration.type) "
                        + "\(declaration.name); // = …'")
            }
        }
        guard complete, values.count == settable.count else { return nil }
        var file = ShaderFile(
            path: path, written: written, text: text, uniforms: values.sorted { $0.name < $1.name },
            location: context.location(of: node))
        file.inputs = read
        return file
    }

    private func readInputs(_ entry: ParseContext.Entry) -> [Located<String>] {
        (context.elements(of: entry.value, "inputs") ?? []).compactMap { node in
            context.text(node, "inputs").map { Located($0, at: context.location(of: node)) }
        }
    }

    /// Each sampler the file declares is the `inputN` of an input, and each input has its sampler.
    private func checkSamplers(_ samplers: [ShaderDeclaration], for inputs: [Located<String>], at node: Node) -> Bool {
        var complete = true
        for sampler in samplers {
            let index = sampler.name.hasPrefix("input") ? Int(sampler.name.dropFirst(5)) : nil
            guard let index, ShaderDeclaration.inputSampler(index) == sampler.name else {
                complete = false
                context.error(
                    "the shader's sampler '\(sampler.name)' is not one Cutlist sets", at: node,
                    hint: "a shader item reads the items under 'inputs:' through 'input0', 'input1', …")
                continue
            }
            if index >= inputs.count {
                complete = false
                context.error(
                    "the shader reads '\(sampler.name)', and 'inputs' lists no item for it", at: node,
                    hint: "list the id of the item to read under 'inputs:' ('input0' reads the first)")
            }
        }
        for (index, input) in inputs.enumerated()
        where !samplers.contains(where: { $0.name == ShaderDeclaration.inputSampler(index) }) {
            complete = false
            context.diagnostics.error(
                "the shader declares no 'uniform sampler2D \(ShaderDeclaration.inputSampler(index))' to read '\(input.value)' through",
                at: input.location, hint: "declare it in the shader, or remove the input")
        }
        return complete
    }

    /// A uniform's value as its declared type reads it: a number, `[x, y]` or a
    /// colour, animatable; integers and booleans (`int`, `ivec2`, `bool`,
    /// `bvec3`, …) as fixed values, a number or a list of them.
    private func uniformValue(_ entry: ParseContext.Entry, _ declaration: ShaderDeclaration) -> ShaderUniform.Value? {
        let animations = AnimationReader(context: context)
        let key = entry.key
        switch declaration.type {
        case "float":
            return animations.read(entry.value, key) { node, key in context.number(node, key) }.map { .number($0) }
        case "vec2":
            return animations.read(entry.value, key) { node, key in
                guard let pair = animations.pair(node, key), let x = context.number(pair.0, key),
                    let y = context.number(pair.1, key)
                else { return nil }
                return Vector2(x, y)
            }.map { .pair($0) }
        case "vec3", "vec4":
            return animations.read(entry.value, key, animations.color).map {
                .color($0, components: declaration.type == "vec3" ? 3 : 4)
            }
        case let type where ShaderDeclaration.isWhole(type):
            return wholeValue(entry, type: type)
        default:
            context.error(
                "the uniform '\(key)' is a '\(declaration.type)'; a project sets a float, vec2, vec3 or vec4, "
                    + "an int, bool or their vectors",
                at: entry.keyNode, hint: "give it a default in its comment instead: 'uniform \(declaration.type) \(key); // = …'")
            return nil
        }
    }

    /// An integer or boolean uniform's components: `3`, `true`, `[4, 4]`, `[true, false]`.
    private func wholeValue(_ entry: ParseContext.Entry, type: String) -> ShaderUniform.Value? {
        guard let count = ShaderDeclaration.components(of: type) else { return nil }
        let nodes = count == 1 ? [entry.value] : context.elements(of: entry.value, entry.key) ?? []
        guard nodes.count == count else {
            if count > 1, case .sequence = entry.value {
                context.error("'\(entry.key)' is a \(type): it takes \(count) values", at: entry.value)
            }
            return nil
        }
        var components: [Double] = []
        for node in nodes {
            if type.hasPrefix("b") {
                guard let flag = context.bool(node, entry.key) else { return nil }
                components.append(flag ? 1 : 0)
            } else {
                guard let number = context.integer(node, entry.key, in: -1_000_000...1_000_000) else { return nil }
                components.append(Double(number))
            }
        }
        return .fixed(components, type: type)
    }
}
