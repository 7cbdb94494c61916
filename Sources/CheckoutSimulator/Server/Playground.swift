/// The playground page `GET /` serves: one self-contained HTML file, `Playground/index.html`,
/// compiled into the binary (no CDN, fonts or scripts from elsewhere).
enum Playground {
    static let page: [UInt8] = Array((EmbeddedResources.files.first { $0.path == "Playground/index.html" }?.text ?? "").utf8)
}
