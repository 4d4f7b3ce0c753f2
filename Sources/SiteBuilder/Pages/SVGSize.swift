import Foundation

/// Width and height from an SVG's root `width`/`height` or `viewBox`, so the page does not jump while it loads.
struct SVGSize {
    var width: Int
    var height: Int

    init?(svg: String) {
        guard let start = svg.range(of: "<svg") else { return nil }
        guard let end = svg[start.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = svg[start.upperBound..<end]
        func attribute(_ name: String) -> Substring? {
            guard let r = tag.range(of: " " + name + "=\"") else { return nil }
            guard let close = tag[r.upperBound...].firstIndex(of: "\"") else { return nil }
            return tag[r.upperBound..<close]
        }
        if let w = attribute("width").flatMap({ Double($0.prefix { $0.isNumber || $0 == "." }) }),
           let h = attribute("height").flatMap({ Double($0.prefix { $0.isNumber || $0 == "." }) }), w > 0, h > 0 {
            width = Int(w.rounded())
            height = Int(h.rounded())
            return
        }
        if let box = attribute("viewBox") {
            let numbers = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if numbers.count == 4, numbers[2] > 0, numbers[3] > 0 {
                width = Int(numbers[2].rounded())
                height = Int(numbers[3].rounded())
                return
            }
        }
        return nil
    }
}
