/// The presenter panel (`Pages/presenter.html`): levers, aimed faults, the live journal and the
/// export, one fragment that the playground's Demo tab and the demo shop's side panel both carry,
/// written into each page where its `<!--__PRESENTER__-->` marker stands.
enum PresenterPanel {
    private static let marker = "<!--__PRESENTER__-->"
    private static let fragment = EmbeddedResources.files.first { $0.path == "Pages/presenter.html" }?.text ?? ""

    /// `page` with the panel in place of its marker.
    static func into(_ page: String) -> String {
        page.replacingOccurrences(of: marker, with: fragment)
    }
}
