import Testing

@testable import EDLParser

/// `gradient:` items (SPEC 15): linear or radial, stops evenly spaced or placed.
@Suite struct GradientTests {
    func gradient(_ project: Project?) -> Gradient? {
        guard case .gradient(let gradient)? = onlyItem(project)?.content else { return nil }
        return gradient
    }

    @Test func colorsWithoutPlacesAreSpreadEvenlyBetweenThoseWithPlaces() throws {
        let linear = try #require(
            gradient(
                parseValid(
                    """
                    cutlist: 1
                    tracks:
                      - items:
                          - { gradient: linear, angle: 90, colors: [red, green, { color: blue, at: 0.8 }, white, black], duration: 1s }
                    """)))
        #expect(linear.shape == .linear && linear.angle == 90)
        #expect(linear.stops.map(\.at) == [0, 0.4, 0.8, 0.9, 1])
        #expect(linear.stops.map(\.color) == [rgb(255, 0, 0), rgb(0, 128, 0), rgb(0, 0, 255), rgb(255, 255, 255), rgb(0, 0, 0)])
    }

    @Test func radialTakesACentreAndRadius() throws {
        let radial = try #require(
            gradient(
                parseValid(
                    """
                    cutlist: 1
                    tracks:
                      - items:
                          - { gradient: radial, center: ["25%", 100], radius: 300, colors: ["#ffffff", "#00000080"], duration: 1s }
                    """)))
        #expect(radial.center == Point(x: .percent(25), y: .pixels(100)))
        #expect(radial.radius == 300)
        #expect(radial.stops.map(\.color) == [rgb(255, 255, 255), rgb(0, 0, 0, alpha: 128.0 / 255)])
    }

    @Test func mistakesAreReportedAtTheirKeys() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { gradient: linear, colors: [red, blue], 1️⃣radius: 4, duration: 1s }
                  - { gradient: radial, colors: 2️⃣[red], duration: 1s }
                  - { gradient: 3️⃣diagonal, colors: [red, blue], duration: 1s }
                  - { gradient: linear, colors: [{ color: red, at: 0.6 }, 4️⃣{ color: blue, at: 0.2 }], duration: 1s }
                  - { gradient: 5️⃣linear, duration: 1s }
                  - { gradient: radial, 6️⃣angle: 90, colors: [red, 7️⃣nope], duration: 1s }
            """,
            [
                "1️⃣": "'radius' applies to radial gradients, not linear ones",
                "2️⃣": "'colors' needs at least two colours, not 1",
                "3️⃣": "'diagonal' is not a valid 'gradient'",
                "4️⃣": "gradient stops must be in order: 0.2 comes after 0.6",
                "5️⃣": "a gradient needs 'colors': two or more colours, from its start to its end",
                "6️⃣": "'angle' applies to linear gradients, not radial ones",
                "7️⃣":
                    "'nope' is not a color; expected a CSS name such as 'red', 'transparent', '#rgb', '#rrggbb', '#rrggbbaa' or 'rgba(255, 0, 0, 0.5)'",
            ])
    }
}

/// Named positions (SPEC 15): a place name puts the layer against an edge or
/// corner (setting the anchor unless the item gives one), inset by `margin`.
@Suite struct NamedPositionTests {
    @Test func aPlaceNameSetsTheAnchorAndKeepsTheMargin() throws {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items:
                  - { color: red, duration: 1s, position: bottom-right, margin: "5%" }
                  - { color: red, duration: 1s, position: top, anchor: [0.5, 0.5] }
                  - { color: red, duration: 1s, position: [10, 20] }
            """)
        let pictures = items(project).map(\.picture)
        #expect(pictures[0].place == .bottomRight && pictures[0].anchor == Vector2(1, 1))
        #expect(pictures[0].margin == .percent(5))
        #expect(pictures[1].place == .top && pictures[1].anchor == Vector2(0.5, 0.5), "the item's own anchor wins")
        #expect(pictures[2].place == nil && pictures[2].position == .constant(Point(x: .pixels(10), y: .pixels(20))))
    }

    @Test func marginNeedsANamedPositionAndNamesAreChecked() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { color: red, duration: 1s, 1️⃣margin: 10 }
                  - { color: red, duration: 1s, position: [10, 20], 2️⃣margin: 10 }
                  - { color: red, duration: 1s, position: 3️⃣top-centre, margin: 10 }
            """,
            [
                "1️⃣": "'margin' insets a named position such as 'top-left'; this item has no 'position'",
                "2️⃣": "'margin' insets a named position such as 'top-left'; this item has a 'position' given as a point",
                "3️⃣": "'top-centre' is not a valid 'position'",
            ])
    }
}

/// `filters:` (SPEC 15): one filter a mapping, in order, amounts animatable.
@Suite struct FilterTests {
    @Test func filtersKeepTheirOrderAndAnimations() throws {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items:
                  - color: red
                    duration: 2s
                    fit: contain-blur
                    filters:
                      - { blur: [{ at: 0, value: 0 }, { at: 1s, value: 12 }] }
                      - { saturation: 0.5 }
                      - { hue: 90 }
                      - { lut: looks/warm.cube }
            """)
        let picture = try #require(onlyItem(project)?.picture)
        #expect(picture.fit == .containBlur)
        #expect(picture.filters.map(\.kind) == [.blur, .saturation, .hue, .lut])
        #expect(picture.filters[3].file?.value == testDirectory + "/looks/warm.cube")
        #expect(picture.filters[1].amount == .constant(0.5))
        guard case .keyframes(let frames, _) = picture.filters[0].amount else {
            Issue.record("\(picture.filters[0])")
            return
        }
        #expect(frames.map(\.value) == [0, 12])
    }

    @Test func mistakesAreReportedAtTheFilter() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - color: red
                    duration: 1s
                    filters:
                      - { 1️⃣blurr: 3 }
                      - { lut: 2️⃣"" }
                      - 3️⃣{ blur: 3, hue: 10 }
                      - { contrast: 4️⃣9 }
            """,
            [
                "1️⃣": "unknown filter 'blurr'",
                "2️⃣": "a path must not be empty",
                "3️⃣": "a filter is a mapping of one filter to its amount, such as '{ blur: 12 }', not a mapping",
                "4️⃣": "'contrast' must be between 0 and 4, not 9",
            ])
    }

    @Test func aVideoTrackTakesFiltersAndAnAudioTrackDoesNot() throws {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - filters: [{ saturation: 0 }, { lut: grade.cube }]
                items: [{ color: red, duration: 1s }]
            """)
        #expect(project?.tracks.first?.filters.map(\.kind) == [.saturation, .lut])
        #expect(project?.referencedFiles.map(\.value) == [testDirectory + "/grade.cube"])
        expectErrors(
            """
            cutlist: 1
            tracks:
              - kind: audio
                1️⃣filters: [{ blur: 2 }]
                items: [{ tone: 440, duration: 1s }]
            """, ["1️⃣": "'filters' does not apply to an audio track"])
    }
}
