/// A picture of the simulated screen as data: what the model draws, rendered to SVG by tutorbuild.
///
/// Lesson programs send pictures, never markup: whatever a program sends, the only SVG that reaches a
/// page is what `PictureSVG` writes from these values (numbers, checked colours and escaped text).
public struct Picture: Sendable, Hashable, Codable {
    public var width: Double
    public var height: Double
    public var elements: [PictureElement]

    public init(width: Double, height: Double, elements: [PictureElement]) {
        self.width = width
        self.height = height
        self.elements = elements
    }
}

/// One drawing step of a `Picture`.
public indirect enum PictureElement: Sendable, Hashable, Codable {
    /// A rectangle; no `fill` leaves its inside clear.
    case rect(PictureRect, fill: PictureColor?, stroke: PictureStroke? = nil, radius: Double = 0, opacity: Double = 1)
    case line(from: PicturePoint, to: PicturePoint, stroke: PictureStroke)
    case circle(center: PicturePoint, radius: Double, fill: PictureColor)
    case text(PictureText)
    /// Children drawn clipped to `clip`, faded by `opacity` and moved by `offset`, whichever are given.
    case group(PictureGroup)
}

public struct PicturePoint: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

public struct PictureRect: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

public struct PictureStroke: Sendable, Hashable, Codable {
    public var color: PictureColor
    public var width: Double

    public init(color: PictureColor, width: Double) {
        self.color = color
        self.width = width
    }
}

public struct PictureText: Sendable, Hashable, Codable {
    public enum Anchor: String, Sendable, Hashable, Codable {
        case start, middle, end
    }

    public var string: String
    public var x: Double
    public var y: Double
    public var size: Double
    public var fill: PictureColor
    public var anchor: Anchor
    public var weight: Int
    /// When set, the glyphs are stretched to this width (the model's metrics, so carets line up).
    public var length: Double?

    public init(
        _ string: String, x: Double, y: Double, size: Double, fill: PictureColor, anchor: Anchor = .start,
        weight: Int = 400, length: Double? = nil
    ) {
        self.string = string
        self.x = x
        self.y = y
        self.size = size
        self.fill = fill
        self.anchor = anchor
        self.weight = weight
        self.length = length
    }
}

public struct PictureGroup: Sendable, Hashable, Codable {
    public var clip: PictureRect?
    public var opacity: Double?
    public var offset: PicturePoint?
    public var children: [PictureElement]

    public init(clip: PictureRect? = nil, opacity: Double? = nil, offset: PicturePoint? = nil, children: [PictureElement]) {
        self.clip = clip
        self.opacity = opacity
        self.offset = offset
        self.children = children
    }
}

/// An sRGB colour, `#rrggbb`; anything else is refused when decoding, so no text can reach an attribute.
public struct PictureColor: Sendable, Hashable, Codable, CustomStringConvertible {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from `#rrggbb`, or `nil`.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#"),
            let value = UInt32(String(decoding: digits[1...], as: UTF8.self), radix: 16)
        else { return nil }
        self.init(red: UInt8(value >> 16 & 0xff), green: UInt8(value >> 8 & 0xff), blue: UInt8(value & 0xff))
    }

    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        let bytes = [UInt8(ascii: "#")] + [red, green, blue].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xf)]] }
        return String(decoding: bytes, as: UTF8.self)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = PictureColor(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a #rrggbb colour"))
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
