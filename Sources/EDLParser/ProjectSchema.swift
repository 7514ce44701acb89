// swift-format-ignore-file
// Generated from schema/cutlist.schema.json by scripts/embed-schema.sh (`make schema`); do not edit.

/// The JSON Schema (draft 2020-12) of the project format, as `render schema` prints it.
public enum ProjectSchema {
    public static let json = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "urn:cutlist:schema:project:1",
  "title": "Cutlist project",
  "description": "A Cutlist project file (format version 1): a declarative video edit, rendered with `render project.yaml`.",
  "$comment": "How to add a key: write it once, in the object that takes it or, when several item kinds take it with one meaning, in the key table for them in $defs (itemKeys, clipKeys, generatedKeys, layerKeys; keyframeKeys, rampKeys and repeatKeys for animations), and list it in each kind that takes it as {\"$ref\": \"#/$defs/layerKeys/properties/KEY\"}. Each object names all of its keys, since it refuses others with additionalProperties: false (editors do not follow unevaluatedProperties). A key `defaults:` may set goes in the fitting defaults lists too (a test checks them against the parser's). Document the key in docs/format.md (a test holds it and this schema to the same keys), then run `make schema`.",
  "type": "object",
  "properties": {
    "cutlist": {"const": 1, "description": "The format version; must be 1."},
    "output": {
      "$ref": "#/$defs/output",
      "description": "What to write: path, size, fps, duration, background, codecs, metadata, subtitles."
    },
    "assets": {
      "type": "object",
      "description": "Named media, so items can say `source: intro` instead of a path.",
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": {"$ref": "#/$defs/asset"}
    },
    "vars": {"$ref": "#/$defs/vars"},
    "defaults": {
      "type": "object",
      "description": "Styles: keys that items of a kind take when they do not set them (an item's own keys win, then its kind's defaults, then `item`).",
      "properties": {
        "item": {
          "type": "object",
          "description": "Every item; a kind's own defaults win over these. Keys not set by an item are taken from here.",
          "propertyNames": {
            "enum": [
              "from", "to", "duration", "at", "speed", "loop", "until", "freeze", "reverse", "time", "frames", "fit", "size",
              "position", "margin", "anchor", "scale", "rotation", "crop", "flip", "opacity",
              "auto_rotate", "volume", "fade_in", "fade_out", "mute", "pitch", "eq", "gate", "compressor",
              "limiter", "font", "font_size",
              "weight", "color", "align", "max_width", "line_height", "letter_spacing", "stroke", "shadow",
              "background", "ease", "audio", "colors", "angle", "center", "radius", "filters",
              "offset", "uniforms", "inputs", "highlight", "max_chars", "width", "height", "points", "corner_radius",
              "fill",
              "max_lines"
            ]
          }
        },
        "text": {
          "type": "object",
          "description": "Text items. Keys not set by an item are taken from here.",
          "propertyNames": {
            "enum": [
              "duration", "at", "until", "fit", "size", "position", "margin", "anchor", "scale",
              "rotation", "crop", "flip", "opacity", "auto_rotate", "fade_in", "fade_out", "font",
              "font_size", "weight", "color", "align", "max_width", "line_height", "letter_spacing", "stroke",
              "shadow", "background", "filters"
            ]
          }
        },
        "captions": {
          "type": "object",
          "description": "`captions` items and the captions of clips (a clip's captions take only the text keys). Keys not set by an item are taken from here.",
          "propertyNames": {
            "enum": [
              "from", "to", "duration", "at", "until", "offset", "fit", "size", "position", "margin",
              "anchor", "scale", "rotation", "crop", "flip", "opacity", "auto_rotate", "filters",
              "fade_in", "fade_out", "font", "font_size", "weight", "color", "align", "max_width",
              "line_height", "letter_spacing", "stroke", "shadow", "background", "highlight", "max_chars",
              "max_lines"
            ]
          }
        },
        "image": {
          "type": "object",
          "description": "Still pictures (`source:` files named .png, .jpg, .jpeg, .bmp, .tif, .tiff, .heic, .heif, .svg). Keys not set by an item are taken from here.",
          "propertyNames": {
            "enum": [
              "duration", "at", "until", "fit", "size", "position", "margin", "anchor", "scale",
              "rotation", "crop", "flip", "opacity", "auto_rotate", "fade_in", "fade_out", "filters"
            ]
          }
        },
        "video": {
          "type": "object",
          "description": "Other `source:` items on video tracks. Keys not set by an item are taken from here.",
          "propertyNames": {
            "enum": [
              "from", "to", "duration", "at", "speed", "loop", "until", "freeze", "reverse", "time", "frames", "fit", "size",
              "position", "margin", "anchor", "scale", "rotation", "crop", "flip", "opacity",
              "auto_rotate", "volume", "fade_in", "fade_out", "mute", "pitch", "eq", "gate", "compressor",
              "limiter", "filters"
            ]
          }
        },
        "audio": {
          "type": "object",
          "description": "Items on audio tracks. Keys not set by an item are taken from here.",
          "propertyNames": {
            "enum": [
              "from", "to", "duration", "at", "speed", "loop", "until", "freeze", "reverse", "time", "frames", "volume",
              "fade_in", "fade_out", "mute", "pitch", "eq", "gate", "compressor", "limiter"
            ]
          }
        },
        "transition": {
          "type": "object",
          "description": "Transitions. Keys not set by an item are taken from here.",
          "propertyNames": {"enum": ["transition", "duration", "ease", "color", "audio"]}
        }
      },
      "additionalProperties": false
    },
    "compositions": {
      "type": "object",
      "description": "Named compositions (nested timelines) that `composition:` items draw as one layer.",
      "propertyNames": {"pattern": "^[A-Za-z_][A-Za-z0-9_-]*$"},
      "additionalProperties": {"$ref": "#/$defs/composition"}
    },
    "tracks": {
      "type": "array",
      "minItems": 1,
      "items": {"$ref": "#/$defs/track"},
      "description": "The tracks, bottom layer first; at least one."
    }
  },
  "required": ["cutlist", "tracks"],
  "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
  "additionalProperties": false,
  "$defs": {
    "varRef": {
      "description": "A string containing a `${name}` variable reference; it is substituted (SPEC 9) before the value is parsed, so it may stand for any scalar.",
      "type": "string",
      "pattern": "\\$\\{"
    },
    "boolean": {
      "description": "true or false.",
      "anyOf": [{"type": "boolean"}, {"$ref": "#/$defs/varRef"}]
    },
    "time": {
      "description": "A time: seconds as a number (`2`, `2.5`), or `\"2.5s\"`, `\"250ms\"`, `\"1m30s\"`, `\"01:02:03.250\"`, `\"00:00:10:15\"` (SMPTE HH:MM:SS:FF at the output fps) or `\"45f\"` (frames at the output fps), or `\"71393/30000s\"` (a fraction of seconds). Kept exact: `1.1` is 11/10 s.",
      "anyOf": [
        {"type": "number", "minimum": 0},
        {
          "type": "string",
          "pattern": "^(?:\\d+(?:\\.\\d+)?ms|\\d+h(?:\\d+m)?(?:\\d+(?:\\.\\d+)?s)?|\\d+m(?:\\d+(?:\\.\\d+)?s)?|\\d+(?:\\.\\d+)?s|\\d+:\\d{2}:\\d{2}(?:\\.\\d+)?|\\d+:\\d{2}:\\d{2}:\\d{2}|\\d+f|\\d+/\\d+s)$"
        },
        {"$ref": "#/$defs/varRef"}
      ],
      "examples": [2, 2.5, "2.5s", "250ms", "1m30s", "01:02:03.250", "00:00:10:15", "45f"]
    },
    "duration": {
      "description": "A length of time, greater than zero: seconds as a number, or any SPEC time string (`\"2.5s\"`, `\"250ms\"`, `\"1m30s\"`, `\"45f\"`, ...).",
      "anyOf": [
        {"type": "number", "exclusiveMinimum": 0},
        {
          "type": "string",
          "pattern": "^(?:\\d+(?:\\.\\d+)?ms|\\d+h(?:\\d+m)?(?:\\d+(?:\\.\\d+)?s)?|\\d+m(?:\\d+(?:\\.\\d+)?s)?|\\d+(?:\\.\\d+)?s|\\d+:\\d{2}:\\d{2}(?:\\.\\d+)?|\\d+:\\d{2}:\\d{2}:\\d{2}|\\d+f|\\d+/\\d+s)$"
        },
        {"$ref": "#/$defs/varRef"}
      ],
      "examples": [1, "1.5s", "500ms", "30f"]
    },
    "relativeTime": {
      "description": "A time measured from the item's start, or `end` (the item's end) or `end-2s` (before the item's end).",
      "anyOf": [
        {"$ref": "#/$defs/time"},
        {
          "type": "string",
          "pattern": "^end(?:-(?:(?:\\d+(?:\\.\\d+)?ms|\\d+h(?:\\d+m)?(?:\\d+(?:\\.\\d+)?s)?|\\d+m(?:\\d+(?:\\.\\d+)?s)?|\\d+(?:\\.\\d+)?s|\\d+:\\d{2}:\\d{2}(?:\\.\\d+)?|\\d+:\\d{2}:\\d{2}:\\d{2}|\\d+f|\\d+/\\d+s)|\\d+(?:\\.\\d+)?))?$"
        }
      ],
      "examples": [0, "1s", "end", "end-1s"]
    },
    "color": {
      "description": "A colour: a CSS name (`black`, `white`, `red`, ...), `transparent`, `\"#rgb\"`, `\"#rrggbb\"`, `\"#rrggbbaa\"` or `\"rgba(255,0,0,0.5)\"` (also `\"rgb(255,0,0)\"`).",
      "anyOf": [
        {
          "enum": [
            "aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black",
            "blanchedalmond", "blue", "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse",
            "chocolate", "coral", "cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue",
            "darkcyan", "darkgoldenrod", "darkgray", "darkgreen", "darkgrey", "darkkhaki",
            "darkmagenta", "darkolivegreen", "darkorange", "darkorchid", "darkred", "darksalmon",
            "darkseagreen", "darkslateblue", "darkslategray", "darkslategrey", "darkturquoise",
            "darkviolet", "deeppink", "deepskyblue", "dimgray", "dimgrey", "dodgerblue", "firebrick",
            "floralwhite", "forestgreen", "fuchsia", "gainsboro", "ghostwhite", "gold", "goldenrod",
            "gray", "green", "greenyellow", "grey", "honeydew", "hotpink", "indianred", "indigo",
            "ivory", "khaki", "lavender", "lavenderblush", "lawngreen", "lemonchiffon", "lightblue",
            "lightcoral", "lightcyan", "lightgoldenrodyellow", "lightgray", "lightgreen",
            "lightgrey", "lightpink", "lightsalmon", "lightseagreen", "lightskyblue",
            "lightslategray", "lightslategrey", "lightsteelblue", "lightyellow", "lime", "limegreen",
            "linen", "magenta", "maroon", "mediumaquamarine", "mediumblue", "mediumorchid",
            "mediumpurple", "mediumseagreen", "mediumslateblue", "mediumspringgreen",
            "mediumturquoise", "mediumvioletred", "midnightblue", "mintcream", "mistyrose",
            "moccasin", "navajowhite", "navy", "oldlace", "olive", "olivedrab", "orange",
            "orangered", "orchid", "palegoldenrod", "palegreen", "paleturquoise", "palevioletred",
            "papayawhip", "peachpuff", "peru", "pink", "plum", "powderblue", "purple",
            "rebeccapurple", "red", "rosybrown", "royalblue", "saddlebrown", "salmon", "sandybrown",
            "seagreen", "seashell", "sienna", "silver", "skyblue", "slateblue", "slategray",
            "slategrey", "snow", "springgreen", "steelblue", "tan", "teal", "thistle", "tomato",
            "turquoise", "violet", "wheat", "white", "whitesmoke", "yellow", "yellowgreen",
            "transparent"
          ]
        },
        {"type": "string", "pattern": "^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"},
        {
          "type": "string",
          "pattern": "^(?:rgba\\(\\s*(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\s*,\\s*(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\s*,\\s*(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\s*,\\s*(?:0|1|0?\\.\\d+|1\\.0+|0\\.\\d+)\\s*\\)|rgb\\(\\s*(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\s*,\\s*(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\s*,\\s*(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\s*\\))$"
        },
        {"$ref": "#/$defs/varRef"}
      ]
    },
    "size": {
      "description": "A frame size in pixels, `\"1920x1080\"` or `[1920, 1080]`; each side 2 to 16384 (even sides for yuv420p output).",
      "anyOf": [
        {
          "type": "string",
          "pattern": "^(?:[2-9]|[1-9]\\d{1,3}|1[0-5]\\d{3}|16[0-2]\\d{2}|163[0-7]\\d|1638[0-4])x(?:[2-9]|[1-9]\\d{1,3}|1[0-5]\\d{3}|16[0-2]\\d{2}|163[0-7]\\d|1638[0-4])$"
        },
        {
          "type": "array",
          "minItems": 2,
          "maxItems": 2,
          "items": {
            "anyOf": [
              {"type": "integer", "minimum": 2, "maximum": 16384},
              {"$ref": "#/$defs/varRef"}
            ]
          }
        },
        {"$ref": "#/$defs/varRef"}
      ],
      "examples": ["1920x1080", "640x360", [1280, 720]]
    },
    "coordinate": {
      "description": "Output pixels (a number), or a percentage of the output size (`\"50%\"`).",
      "anyOf": [
        {"type": "number"},
        {"type": "string", "pattern": "^[+-]?(?:\\d+(?:\\.\\d+)?|\\.\\d+)%$"},
        {"$ref": "#/$defs/varRef"}
      ]
    },
    "point": {
      "description": "A point `[x, y]` in output pixels, origin top-left, y down; either coordinate may be a percentage of the output size, as in `[\"50%\", \"25%\"]`.",
      "anyOf": [
        {"type": "array", "minItems": 2, "maxItems": 2, "items": {"$ref": "#/$defs/coordinate"}},
        {"$ref": "#/$defs/varRef"}
      ]
    },
    "vector": {
      "description": "A pair of numbers `[x, y]`.",
      "anyOf": [
        {
          "type": "array",
          "minItems": 2,
          "maxItems": 2,
          "items": {"anyOf": [{"type": "number"}, {"$ref": "#/$defs/varRef"}]}
        },
        {"$ref": "#/$defs/varRef"}
      ]
    },
    "angle": {
      "description": "An angle, clockwise on screen: degrees as a number (`90`), or `\"90deg\"`, `\"1.5708rad\"`, `\"0.25turn\"`.",
      "anyOf": [
        {"type": "number"},
        {"type": "string", "pattern": "^[+-]?(?:\\d+(?:\\.\\d+)?|\\.\\d+)(?:deg|rad|turn)$"},
        {"$ref": "#/$defs/varRef"}
      ],
      "examples": [90, "90deg", "1.5708rad", "0.25turn"]
    },
    "gain": {
      "description": "A gain: linear as a number (`1.0` is unity, `0` is silence) or decibels as `\"-6dB\"`.",
      "anyOf": [
        {"type": "number", "minimum": 0},
        {"type": "string", "pattern": "^[+-]?(?:\\d+(?:\\.\\d+)?|\\.\\d+)dB$"},
        {"$ref": "#/$defs/varRef"}
      ],
      "examples": [1.0, 0.5, 0, "-6dB"]
    },
    "fps": {
      "description": "A frame rate: `30`, `25`, `60`, `29.97` (means 30000/1001), or an exact fraction `\"30000/1001\"`.",
      "anyOf": [
        {"type": "number", "exclusiveMinimum": 0},
        {"type": "string", "pattern": "^[1-9]\\d*/[1-9]\\d*$"},
        {"$ref": "#/$defs/varRef"}
      ],
      "examples": [30, 25, 60, 29.97, "30000/1001"]
    },
    "ease": {
      "description": "How a span is shaped: `linear` (default), `hold` (jump at the next keyframe), `ease-in`, `ease-out`, `ease-in-out` (the CSS curves) or `cubic-bezier(x1, y1, x2, y2)` with x1, x2 in 0..1.",
      "anyOf": [
        {"enum": ["linear", "hold", "ease-in", "ease-out", "ease-in-out"]},
        {
          "type": "string",
          "pattern": "^cubic-bezier\\(\\s*(?:0(?:\\.\\d+)?|1(?:\\.0+)?|\\.\\d+)\\s*,\\s*[+-]?(?:\\d+(?:\\.\\d+)?|\\.\\d+)\\s*,\\s*(?:0(?:\\.\\d+)?|1(?:\\.0+)?|\\.\\d+)\\s*,\\s*[+-]?(?:\\d+(?:\\.\\d+)?|\\.\\d+)\\s*\\)$"
        },
        {"$ref": "#/$defs/varRef"}
      ],
      "default": "linear",
      "examples": ["linear", "ease-in-out", "cubic-bezier(0.25, 0.1, 0.25, 1)"]
    },
    "path": {
      "description": "A file path, relative to the project file's directory (or absolute). URLs are not accepted.",
      "type": "string",
      "minLength": 1,
      "not": {"pattern": "^[A-Za-z][A-Za-z0-9+.-]*://"}
    },
    "bitrate": {
      "description": "A bitrate in bits per second: a number, or a string with a `k`, `M` or `G` suffix (`\"8M\"`, `\"192k\"`).",
      "anyOf": [
        {"type": "integer", "exclusiveMinimum": 0},
        {"type": "string", "pattern": "^\\d+(?:\\.\\d+)?[kMG]?$"},
        {"$ref": "#/$defs/varRef"}
      ],
      "examples": ["8M", "2500k", "192k"]
    },
    "unit": {
      "description": "A number from 0 to 1.",
      "anyOf": [{"type": "number", "minimum": 0, "maximum": 1}, {"$ref": "#/$defs/varRef"}]
    },
    "scaleValue": {
      "description": "A uniform scale factor, or `[sx, sy]`.",
      "anyOf": [{"type": "number"}, {"$ref": "#/$defs/vector"}]
    },
    "layerSize": {
      "description": "The layer's box in output pixels, `[w, h]`; one side may be `auto` to keep the aspect ratio.",
      "anyOf": [
        {
          "type": "array",
          "minItems": 2,
          "maxItems": 2,
          "items": {
            "anyOf": [
              {"type": "number", "exclusiveMinimum": 0},
              {"const": "auto"},
              {"$ref": "#/$defs/varRef"}
            ]
          },
          "not": {"prefixItems": [{"const": "auto"}, {"const": "auto"}]}
        },
        {"$ref": "#/$defs/varRef"}
      ],
      "examples": [[640, "auto"], ["auto", 200], [320, 180]]
    },
    "crop": {
      "type": "object",
      "description": "Pixels cut from each edge of the source picture.",
      "properties": {
        "left": {
          "description": "Source pixels cut from the left edge.",
          "anyOf": [{"type": "number", "minimum": 0}, {"$ref": "#/$defs/varRef"}]
        },
        "top": {
          "description": "Source pixels cut from the top edge.",
          "anyOf": [{"type": "number", "minimum": 0}, {"$ref": "#/$defs/varRef"}]
        },
        "right": {
          "description": "Source pixels cut from the right edge.",
          "anyOf": [{"type": "number", "minimum": 0}, {"$ref": "#/$defs/varRef"}]
        },
        "bottom": {
          "description": "Source pixels cut from the bottom edge.",
          "anyOf": [{"type": "number", "minimum": 0}, {"$ref": "#/$defs/varRef"}]
        }
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false
    },
    "fade": {
      "type": "object",
      "description": "A fade with its curve.",
      "properties": {
        "duration": {"$ref": "#/$defs/time", "description": "How long the fade lasts."},
        "curve": {
          "description": "`linear` (default); `exp` (slow then fast, even in decibels over 60 dB), `log` (its mirror), `sine` (a quarter sine), `s-curve` (gentle at both ends) or `equal-power`; a fade out is the curve backwards.",
          "enum": ["linear", "exp", "log", "sine", "s-curve", "equal-power"]
        }
      },
      "required": ["duration"],
      "additionalProperties": false
    },
    "rate": {
      "description": "A playback rate above 0 and at most 100, as a number or a fraction such as \"5/9\" (below 1/16 the sound keeps its pitch only by silence: see `pitch`).",
      "anyOf": [
        {"type": "number", "exclusiveMinimum": 0, "maximum": 100},
        {
          "type": "string",
          "pattern": "^\\s*[0-9]+(\\.[0-9]+)?\\s*/\\s*[0-9]+(\\.[0-9]+)?\\s*$"
        }
      ]
    },
    "keyframeKeys": {
      "$comment": "Keys of every animation's keyframes.",
      "properties": {
        "at": {
          "$ref": "#/$defs/relativeTime",
          "description": "When this keyframe is reached, relative to the item's start; `end` and `end-2s` count from the item's end."
        },
        "ease": {
          "$ref": "#/$defs/ease",
          "description": "Shapes the span from this keyframe to the next."
        }
      }
    },
    "rampKeys": {
      "$comment": "Keys of every animation's ramp.",
      "properties": {
        "start": {
          "$ref": "#/$defs/relativeTime",
          "description": "When the ramp starts, relative to the item's start; default 0.",
          "default": 0
        },
        "duration": {
          "$ref": "#/$defs/time",
          "description": "How long the ramp lasts; default the rest of the item."
        },
        "ease": {
          "$ref": "#/$defs/ease",
          "description": "Shape of the ramp; default linear.",
          "default": "linear"
        }
      }
    },
    "repeatKeys": {
      "$comment": "Keys of every repeating animation.",
      "properties": {
        "repeat": {
          "description": "How many cycles to play (may be fractional), or `forever`; default 1.",
          "anyOf": [
            {"const": "forever"},
            {"type": "number", "exclusiveMinimum": 0},
            {"$ref": "#/$defs/varRef"}
          ]
        },
        "autoreverse": {
          "$ref": "#/$defs/boolean",
          "description": "Play each cycle back to front after playing it.",
          "default": false
        },
        "begin": {
          "$ref": "#/$defs/time",
          "description": "When the first cycle starts, relative to the item's start; the first value holds before it.",
          "default": 0
        }
      }
    },
    "animatedNumber": {
      "description": "A number from 0 to 1, animatable: a constant, a keyframe list, a ramp `{from, to, start, duration, ease}`, or a repeating animation `{keyframes, repeat, autoreverse, begin}` (SPEC 11).",
      "anyOf": [
        {"$ref": "#/$defs/unit"},
        {"$ref": "#/$defs/animatedNumberKeyframes"},
        {
          "type": "object",
          "description": "A ramp from one value to another.",
          "properties": {
            "from": {
              "$ref": "#/$defs/unit",
              "description": "The value at the start of the ramp (held before it)."
            },
            "to": {
              "$ref": "#/$defs/unit",
              "description": "The value at the end of the ramp (held after it)."
            },
            "start": {"$ref": "#/$defs/rampKeys/properties/start"},
            "duration": {"$ref": "#/$defs/rampKeys/properties/duration"},
            "ease": {"$ref": "#/$defs/rampKeys/properties/ease"}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["from", "to"]
        },
        {
          "type": "object",
          "description": "A repeating animation, as Core Animation has it: one cycle lasts until its last keyframe.",
          "properties": {
            "keyframes": {"$ref": "#/$defs/animatedNumberKeyframes"},
            "repeat": {"$ref": "#/$defs/repeatKeys/properties/repeat"},
            "autoreverse": {"$ref": "#/$defs/repeatKeys/properties/autoreverse"},
            "begin": {"$ref": "#/$defs/repeatKeys/properties/begin"}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["keyframes"]
        }
      ]
    },
    "animatedNumberKeyframes": {
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "object",
        "description": "One keyframe of a number from 0 to 1.",
        "properties": {
          "at": {"$ref": "#/$defs/keyframeKeys/properties/at"},
          "value": {
            "$ref": "#/$defs/unit",
            "description": "The value (a number from 0 to 1) at this time."
          },
          "ease": {"$ref": "#/$defs/keyframeKeys/properties/ease"}
        },
        "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
        "additionalProperties": false,
        "required": ["at", "value"]
      },
      "description": "Keyframes in time order. Before the first the first value holds, after the last the last value holds."
    },
    "animatedGain": {
      "description": "A gain, animatable: a constant, a keyframe list, a ramp `{from, to, start, duration, ease}`, or a repeating animation `{keyframes, repeat, autoreverse, begin}` (SPEC 11).",
      "anyOf": [
        {"$ref": "#/$defs/gain"},
        {"$ref": "#/$defs/animatedGainKeyframes"},
        {
          "type": "object",
          "description": "A ramp from one value to another.",
          "properties": {
            "from": {
              "$ref": "#/$defs/gain",
              "description": "The value at the start of the ramp (held before it)."
            },
            "to": {
              "$ref": "#/$defs/gain",
              "description": "The value at the end of the ramp (held after it)."
            },
            "start": {"$ref": "#/$defs/rampKeys/properties/start"},
            "duration": {"$ref": "#/$defs/rampKeys/properties/duration"},
            "ease": {"$ref": "#/$defs/rampKeys/properties/ease"}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["from", "to"]
        },
        {
          "type": "object",
          "description": "A repeating animation, as Core Animation has it: one cycle lasts until its last keyframe.",
          "properties": {
            "keyframes": {"$ref": "#/$defs/animatedGainKeyframes"},
            "repeat": {"$ref": "#/$defs/repeatKeys/properties/repeat"},
            "autoreverse": {"$ref": "#/$defs/repeatKeys/properties/autoreverse"},
            "begin": {"$ref": "#/$defs/repeatKeys/properties/begin"}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["keyframes"]
        }
      ]
    },
    "animatedGainKeyframes": {
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "object",
        "description": "One keyframe of a gain.",
        "properties": {
          "at": {"$ref": "#/$defs/keyframeKeys/properties/at"},
          "value": {"$ref": "#/$defs/gain", "description": "The value (a gain) at this time."},
          "ease": {"$ref": "#/$defs/keyframeKeys/properties/ease"}
        },
        "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
        "additionalProperties": false,
        "required": ["at", "value"]
      },
      "description": "Keyframes in time order. Before the first the first value holds, after the last the last value holds."
    },
    "animatedAngle": {
      "description": "An angle, animatable: a constant, a keyframe list, a ramp `{from, to, start, duration, ease}`, or a repeating animation `{keyframes, repeat, autoreverse, begin}` (SPEC 11).",
      "anyOf": [
        {"$ref": "#/$defs/angle"},
        {"$ref": "#/$defs/animatedAngleKeyframes"},
        {
          "type": "object",
          "description": "A ramp from one value to another.",
          "properties": {
            "from": {
              "$ref": "#/$defs/angle",
              "description": "The value at the start of the ramp (held before it)."
            },
            "to": {
              "$ref": "#/$defs/angle",
              "description": "The value at the end of the ramp (held after it)."
            },
            "start": {"$ref": "#/$defs/rampKeys/properties/start"},
            "duration": {"$ref": "#/$defs/rampKeys/properties/duration"},
            "ease": {"$ref": "#/$defs/rampKeys/properties/ease"}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["from", "to"]
        },
        {
          "type": "object",
          "description": "A repeating animation, as Core Animation has it: one cycle lasts until its last keyframe.",
          "properties": {
            "keyframes": {"$ref": "#/$defs/animatedAngleKeyframes"},
            "repeat": {"$ref": "#/$defs/repeatKeys/properties/repeat"},
            "autoreverse": {"$ref": "#/$defs/repeatKeys/properties/autoreverse"},
            "begin": {"$ref": "#/$defs/repeatKeys/properties/begin"}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["keyframes"]
        }
      ]
    },
    "animatedAngleKeyframes": {
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "object",
        "description": "One keyframe of an angle.",
        "properties": {
          "at": {"$ref": "#/$defs/keyframeKeys/properties/at"},
          "value": {"$ref": "#/$defs/angle", "description": "The value (an angle) at this time."},
          "ease": {"$ref": "#/$defs/keyframeKeys/properties/ease"}
        },
        "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
        "additionalProperties": false,
        "required": ["at", "value"]
      },
      "description": "Keyframes in time order. Before the first the first value holds, after the last the last value holds."
    },
    "animatedPoint": {
      "description": "A point, animatable: a constant, a keyframe list, a ramp `{from, to, start, duration, ease}`, or a repeating animation `{keyframes, repeat, autoreverse, begin}` (SPEC 11).",
      "anyOf": [
        {"$ref": "#/$defs/point"},
        {"$ref": "#/$defs/animatedPointKeyframes"},
        {
          "type": "object",
          "description": "A ramp from one value to another.",
          "properties": {
            "from": {
              "$ref": "#/$defs/point",
              "description": "The value at the start of the ramp (held before it)."
            },
            "to": {
              "$ref": "#/$defs/point",
              "description": "The value at the end of the ramp (held after it)."
            },
            "start": {"$ref": "#/$defs/rampKeys/properties/start"},
            "duration": {"$ref": "#/$defs/rampKeys/properties/duration"},
            "ease": {"$ref": "#/$defs/rampKeys/properties/ease"}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["from", "to"]
        },
        {
          "type": "object",
          "description": "A repeating animation, as Core Animation has it: one cycle lasts until its last keyframe.",
          "properties": {
            "keyframes": {"$ref": "#/$defs/animatedPointKeyframes"},
            "repeat": {"$ref": "#/$defs/repeatKeys/properties/repeat"},
            "autoreverse": {"$ref": "#/$defs/repeatKeys/properties/autoreverse"},
            "begin": {"$ref": "#/$defs/repeatKeys/properties/begin"}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["keyframes"]
        }
      ]
    },
    "animatedPointKeyframes": {
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "object",
        "description": "One keyframe of a point.",
        "properties": {
          "at": {"$ref": "#/$defs/keyframeKeys/properties/at"},
          "value": {"$ref": "#/$defs/point", "description": "The value (a point) at this time."},
          "ease": {"$ref": "#/$defs/keyframeKeys/properties/ease"}
        },
        "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
        "additionalProperties": false,
        "required": ["at", "value"]
      },
      "description": "Keyframes in time order. Before the first the first value holds, after the last the last value holds."
    },
    "animatedScale": {
      "description": "A scale, animatable: a constant, a keyframe list, a ramp `{from, to, start, duration, ease}`, or a repeating animation `{keyframes, repeat, autoreverse, begin}` (SPEC 11).",
      "anyOf": [
        {"$ref": "#/$defs/scaleValue"},
        {"$ref": "#/$defs/animatedScaleKeyframes"},
        {
          "type": "object",
          "description": "A ramp from one value to another.",
          "properties": {
            "from": {
              "$ref": "#/$defs/scaleValue",
              "description": "The value at the start of the ramp (held before it)."
            },
            "to": {
              "$ref": "#/$defs/scaleValue",
              "description": "The value at the end of the ramp (held after it)."
            },
            "start": {"$ref": "#/$defs/rampKeys/properties/start"},
            "duration": {"$ref": "#/$defs/rampKeys/properties/duration"},
            "ease": {"$ref": "#/$defs/rampKeys/properties/ease"}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["from", "to"]
        },
        {
          "type": "object",
          "description": "A repeating animation, as Core Animation has it: one cycle lasts until its last keyframe.",
          "properties": {
            "keyframes": {"$ref": "#/$defs/animatedScaleKeyframes"},
            "repeat": {"$ref": "#/$defs/repeatKeys/properties/repeat"},
            "autoreverse": {"$ref": "#/$defs/repeatKeys/properties/autoreverse"},
            "begin": {"$ref": "#/$defs/repeatKeys/properties/begin"}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["keyframes"]
        }
      ]
    },
    "animatedScaleKeyframes": {
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "object",
        "description": "One keyframe of a scale.",
        "properties": {
          "at": {"$ref": "#/$defs/keyframeKeys/properties/at"},
          "value": {
            "$ref": "#/$defs/scaleValue",
            "description": "The value (a scale) at this time."
          },
          "ease": {"$ref": "#/$defs/keyframeKeys/properties/ease"}
        },
        "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
        "additionalProperties": false,
        "required": ["at", "value"]
      },
      "description": "Keyframes in time order. Before the first the first value holds, after the last the last value holds."
    },
    "animatedLayerSize": {
      "description": "A layer size, animatable: a constant, a keyframe list, a ramp `{from, to, start, duration, ease}`, or a repeating animation `{keyframes, repeat, autoreverse, begin}` (SPEC 11).",
      "anyOf": [
        {"$ref": "#/$defs/layerSize"},
        {"$ref": "#/$defs/animatedLayerSizeKeyframes"},
        {
          "type": "object",
          "description": "A ramp from one value to another.",
          "properties": {
            "from": {
              "$ref": "#/$defs/layerSize",
              "description": "The value at the start of the ramp (held before it)."
            },
            "to": {
              "$ref": "#/$defs/layerSize",
              "description": "The value at the end of the ramp (held after it)."
            },
            "start": {"$ref": "#/$defs/rampKeys/properties/start"},
            "duration": {"$ref": "#/$defs/rampKeys/properties/duration"},
            "ease": {"$ref": "#/$defs/rampKeys/properties/ease"}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["from", "to"]
        },
        {
          "type": "object",
          "description": "A repeating animation, as Core Animation has it: one cycle lasts until its last keyframe.",
          "properties": {
            "keyframes": {"$ref": "#/$defs/animatedLayerSizeKeyframes"},
            "repeat": {"$ref": "#/$defs/repeatKeys/properties/repeat"},
            "autoreverse": {"$ref": "#/$defs/repeatKeys/properties/autoreverse"},
            "begin": {"$ref": "#/$defs/repeatKeys/properties/begin"}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["keyframes"]
        }
      ]
    },
    "animatedLayerSizeKeyframes": {
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "object",
        "description": "One keyframe of a layer size.",
        "properties": {
          "at": {"$ref": "#/$defs/keyframeKeys/properties/at"},
          "value": {
            "$ref": "#/$defs/layerSize",
            "description": "The value (a layer size) at this time."
          },
          "ease": {"$ref": "#/$defs/keyframeKeys/properties/ease"}
        },
        "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
        "additionalProperties": false,
        "required": ["at", "value"]
      },
      "description": "Keyframes in time order. Before the first the first value holds, after the last the last value holds."
    },
    "animatedCrop": {
      "description": "A crop, animatable: a constant, a keyframe list, a ramp `{from, to, start, duration, ease}`, or a repeating animation `{keyframes, repeat, autoreverse, begin}` (SPEC 11).",
      "anyOf": [
        {"$ref": "#/$defs/crop"},
        {"$ref": "#/$defs/animatedCropKeyframes"},
        {
          "type": "object",
          "description": "A ramp from one value to another.",
          "properties": {
            "from": {
              "$ref": "#/$defs/crop",
              "description": "The value at the start of the ramp (held before it)."
            },
            "to": {
              "$ref": "#/$defs/crop",
              "description": "The value at the end of the ramp (held after it)."
            },
            "start": {"$ref": "#/$defs/rampKeys/properties/start"},
            "duration": {"$ref": "#/$defs/rampKeys/properties/duration"},
            "ease": {"$ref": "#/$defs/rampKeys/properties/ease"}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["from", "to"]
        },
        {
          "type": "object",
          "description": "A repeating animation, as Core Animation has it: one cycle lasts until its last keyframe.",
          "properties": {
            "keyframes": {"$ref": "#/$defs/animatedCropKeyframes"},
            "repeat": {"$ref": "#/$defs/repeatKeys/properties/repeat"},
            "autoreverse": {"$ref": "#/$defs/repeatKeys/properties/autoreverse"},
            "begin": {"$ref": "#/$defs/repeatKeys/properties/begin"}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["keyframes"]
        }
      ]
    },
    "animatedCropKeyframes": {
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "object",
        "description": "One keyframe of a crop.",
        "properties": {
          "at": {"$ref": "#/$defs/keyframeKeys/properties/at"},
          "value": {"$ref": "#/$defs/crop", "description": "The value (a crop) at this time."},
          "ease": {"$ref": "#/$defs/keyframeKeys/properties/ease"}
        },
        "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
        "additionalProperties": false,
        "required": ["at", "value"]
      },
      "description": "Keyframes in time order. Before the first the first value holds, after the last the last value holds."
    },
    "filters": {
      "type": "array",
      "description": "Filters applied in order to the layer's own picture, before its transform; each one key: `blur` (Gaussian standard deviation in the picture's pixels, 0-500), `brightness` (-1..1), `contrast` (0..4), `saturation` (0..4, 0 = grey), `hue` (degrees), `lut` (a `.cube` file). The numeric amounts are animatable.",
      "items": {
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "properties": {
          "blur": {
            "description": "A Gaussian blur, its standard deviation in the picture's own pixels (0 to 500). Animatable.",
            "anyOf": [
              {"type": "number", "minimum": 0, "maximum": 500},
              {"$ref": "#/$defs/animatedNumber"}
            ]
          },
          "brightness": {
            "description": "Added to the lightness, -1 to 1 (1 is the whole range). Animatable.",
            "anyOf": [
              {"type": "number", "minimum": -1, "maximum": 1},
              {"$ref": "#/$defs/animatedNumber"}
            ]
          },
          "contrast": {
            "description": "Lightness and colour spread about mid-grey, 0 to 4 (1 is none). Animatable.",
            "anyOf": [
              {"type": "number", "minimum": 0, "maximum": 4},
              {"$ref": "#/$defs/animatedNumber"}
            ]
          },
          "saturation": {
            "description": "Colourfulness, 0 (grey) to 4 (1 is none). Animatable.",
            "anyOf": [
              {"type": "number", "minimum": 0, "maximum": 4},
              {"$ref": "#/$defs/animatedNumber"}
            ]
          },
          "hue": {"$ref": "#/$defs/animatedAngle"},
          "lut": {
            "$ref": "#/$defs/path",
            "description": "A 3D LUT: an Adobe/Resolve `.cube` file, relative to the project."
          }
        },
        "additionalProperties": false
      }
    },
    "position": {
      "description": "Where the anchor lands, in output pixels or percentages (default the frame centre; animatable), or a place name (`top-left`, `bottom`, ...) that puts the layer against that edge or corner, inset by `margin`.",
      "anyOf": [
        {"$ref": "#/$defs/animatedPoint"},
        {
          "enum": [
            "center", "top", "bottom", "left", "right", "top-left", "top-right", "bottom-left",
            "bottom-right"
          ]
        }
      ]
    },
    "margin": {
      "$ref": "#/$defs/coordinate",
      "description": "With a named position: the inset from the frame's edges, in pixels or a percentage of the output's shorter side; default 0."
    },
    "itemKeys": {
      "$comment": "Keys with one meaning in every item kind that takes them.",
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1,
          "description": "A stable name for the item, unique in the project: `render diff` matches items by it."
        },
        "at": {
          "$ref": "#/$defs/time",
          "description": "Pin the item's start on the timeline; it must not start before the previous item ends."
        },
        "fade_in": {
          "description": "A rise at the item's start: its picture from transparent (showing what is below), its sound from silence. A length (linear), or `{ duration, curve }`.",
          "anyOf": [{"$ref": "#/$defs/time"}, {"$ref": "#/$defs/fade"}]
        },
        "fade_out": {
          "description": "A fall at the item's end: its picture to transparent (showing what is below), its sound to silence. A length (linear), or `{ duration, curve }`.",
          "anyOf": [{"$ref": "#/$defs/time"}, {"$ref": "#/$defs/fade"}]
        },
        "volume": {
          "$ref": "#/$defs/animatedGain",
          "description": "The item's gain (linear or `\"-6dB\"`); default 1. Animatable."
        },
        "mute": {
          "$ref": "#/$defs/boolean",
          "description": "Drop this item's audio.",
          "default": false
        }
      }
    },
    "clipKeys": {
      "$comment": "Keys of the items that play a stretch of something with its own length: `source`, `composition` and `group`.",
      "properties": {
        "from": {"$ref": "#/$defs/time", "description": "Source in-point; default 0."},
        "to": {
          "$ref": "#/$defs/time",
          "description": "Source out-point; default the end of the source. Must not be past the source's end."
        },
        "duration": {
          "$ref": "#/$defs/duration",
          "description": "The item's length on the timeline. With `to` absent it sets `to = from + duration × speed`; required for images unless `until: end`."
        },
        "speed": {
          "description": "Playback rate above 0 and at most 100, as a number or a fraction such as \"5/9\" (the item lasts `(to − from) / speed`), or changing along the item: keyframes or a ramp timed from its start (a speed ramp), whose integral gives the source time; the item's length then follows from `from`, `to` and the keys, or `to` from `duration`.",
          "anyOf": [
            {"$ref": "#/$defs/rate"},
            {"$ref": "#/$defs/varRef"},
            {
              "type": "array",
              "minItems": 1,
              "items": {
                "type": "object",
                "description": "One key of a speed ramp.",
                "properties": {
                  "at": {"$ref": "#/$defs/keyframeKeys/properties/at"},
                  "value": {"$ref": "#/$defs/rate", "description": "The speed at this time."},
                  "ease": {"$ref": "#/$defs/keyframeKeys/properties/ease"}
                },
                "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
                "additionalProperties": false,
                "required": ["at", "value"]
              }
            },
            {
              "type": "object",
              "description": "A speed ramp from one rate to another.",
              "properties": {
                "from": {"$ref": "#/$defs/rate", "description": "The speed at the ramp's start (held before it)."},
                "to": {"$ref": "#/$defs/rate", "description": "The speed at the ramp's end (held after it)."},
                "start": {"$ref": "#/$defs/rampKeys/properties/start"},
                "duration": {"$ref": "#/$defs/rampKeys/properties/duration"},
                "ease": {"$ref": "#/$defs/rampKeys/properties/ease"}
              },
              "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
              "additionalProperties": false,
              "required": ["from", "to"]
            }
          ]
        },
        "time": {
          "type": "array",
          "description": "Time remapping: keys each giving the source time shown at a time of the item (from its start). Two keys with the same value freeze; a falling value plays backwards; before the first key and after the last the picture holds. The item lasts its `duration`, to the output's end with `until: end`, or else to its last key. Not with `speed`, `from`, `to`, `loop` or `reverse`.",
          "minItems": 1,
          "items": {
            "type": "object",
            "description": "One key of a time remap.",
            "properties": {
              "at": {"$ref": "#/$defs/keyframeKeys/properties/at"},
              "value": {"$ref": "#/$defs/time", "description": "The source time shown at this time."},
              "ease": {"$ref": "#/$defs/keyframeKeys/properties/ease"}
            },
            "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
            "additionalProperties": false,
            "required": ["at", "value"]
          }
        },
        "loop": {
          "description": "`true`, or a count (at least 1): repeat the source range to fill `duration`.",
          "anyOf": [
            {"type": "boolean"},
            {"type": "integer", "minimum": 1},
            {"$ref": "#/$defs/varRef"}
          ]
        },
        "until": {
          "description": "`end`: the item lasts until the end of the output (e.g. music); with `loop: true` it repeats, otherwise it stops at its source end.",
          "anyOf": [{"enum": ["end"]}, {"$ref": "#/$defs/varRef"}]
        },
        "freeze": {
          "type": "object",
          "description": "Show the single source frame at `at` (source time) for `duration`.",
          "properties": {
            "at": {"$ref": "#/$defs/time", "description": "The source time of the frame to show."}
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["at"]
        },
        "frames": {
          "description": "How an output frame is taken from a video file played at another rate: `nearest` (default), the source frame whose interval holds the source time; `blend`, the average of the source frames the output frame spans (for fast motion and ramps).",
          "anyOf": [{"enum": ["nearest", "blend"]}, {"$ref": "#/$defs/varRef"}],
          "default": "nearest"
        },
        "reverse": {
          "$ref": "#/$defs/boolean",
          "description": "`true`: play the source range backwards (from `to` down to `from`), at any `speed`; its sound plays backwards too.",
          "default": false
        },
        "pitch": {
          "description": "With `speed`: `keep` (default) keeps the audio's pitch, `shift` resamples it (faster is higher).",
          "anyOf": [{"enum": ["keep", "shift"]}, {"$ref": "#/$defs/varRef"}],
          "default": "keep"
        },
        "eq": {
          "type": "array",
          "description": "Filters on the item's sound, in order, before its volume: biquads by RBJ's cookbook. Each band is one filter: `{ highpass: 80 }` (a bare number is the frequency in Hz), or `{ lowpass: { freq: 12000, q: 0.7 } }`, `{ low_shelf: { freq: 120, gain: -3dB } }`, `{ high_shelf: { freq: 8000, gain: 2dB } }`, `{ peak: { freq: 3000, gain: 3dB, q: 1.0 } }`; `q` defaults to 0.707.",
          "items": {
            "type": "object",
            "description": "One band: a single filter, a frequency in Hz or `{ freq, q, gain }`.",
            "minProperties": 1,
            "maxProperties": 1,
            "properties": {
              "highpass": {
                "description": "Lets through what is above `freq`, cutting below it (12 dB an octave).",
                "anyOf": [
                  {"type": "number", "minimum": 10, "maximum": 24000},
                  {
                    "type": "object",
                    "properties": {
                      "freq": {"type": "number", "minimum": 10, "maximum": 24000, "description": "The frequency in Hz."},
                      "q": {"type": "number", "minimum": 0.05, "maximum": 50, "description": "How narrow the band, or steep the bend; default 0.707."},
                      "gain": {"description": "Shelves and peaks: the boost or cut in dB (`3dB`, `-3dB`).", "anyOf": [{"type": "number"}, {"type": "string", "pattern": "^\\s*[-+]?[0-9.]+\\s*[dD][bB]\\s*$"}, {"$ref": "#/$defs/varRef"}]}
                    },
                    "required": ["freq"],
                    "additionalProperties": false
                  }
                ]
              },
              "lowpass": {
                "description": "Lets through what is below `freq`, cutting above it (12 dB an octave).",
                "anyOf": [
                  {"type": "number", "minimum": 10, "maximum": 24000},
                  {
                    "type": "object",
                    "properties": {
                      "freq": {"type": "number", "minimum": 10, "maximum": 24000, "description": "The frequency in Hz."},
                      "q": {"type": "number", "minimum": 0.05, "maximum": 50, "description": "How narrow the band, or steep the bend; default 0.707."},
                      "gain": {"description": "Shelves and peaks: the boost or cut in dB (`3dB`, `-3dB`).", "anyOf": [{"type": "number"}, {"type": "string", "pattern": "^\\s*[-+]?[0-9.]+\\s*[dD][bB]\\s*$"}, {"$ref": "#/$defs/varRef"}]}
                    },
                    "required": ["freq"],
                    "additionalProperties": false
                  }
                ]
              },
              "low_shelf": {
                "description": "Raises or lowers everything below `freq` by `gain`.",
                "anyOf": [
                  {"type": "number", "minimum": 10, "maximum": 24000},
                  {
                    "type": "object",
                    "properties": {
                      "freq": {"type": "number", "minimum": 10, "maximum": 24000, "description": "The frequency in Hz."},
                      "q": {"type": "number", "minimum": 0.05, "maximum": 50, "description": "How narrow the band, or steep the bend; default 0.707."},
                      "gain": {"description": "Shelves and peaks: the boost or cut in dB (`3dB`, `-3dB`).", "anyOf": [{"type": "number"}, {"type": "string", "pattern": "^\\s*[-+]?[0-9.]+\\s*[dD][bB]\\s*$"}, {"$ref": "#/$defs/varRef"}]}
                    },
                    "required": ["freq"],
                    "additionalProperties": false
                  }
                ]
              },
              "high_shelf": {
                "description": "Raises or lowers everything above `freq` by `gain`.",
                "anyOf": [
                  {"type": "number", "minimum": 10, "maximum": 24000},
                  {
                    "type": "object",
                    "properties": {
                      "freq": {"type": "number", "minimum": 10, "maximum": 24000, "description": "The frequency in Hz."},
                      "q": {"type": "number", "minimum": 0.05, "maximum": 50, "description": "How narrow the band, or steep the bend; default 0.707."},
                      "gain": {"description": "Shelves and peaks: the boost or cut in dB (`3dB`, `-3dB`).", "anyOf": [{"type": "number"}, {"type": "string", "pattern": "^\\s*[-+]?[0-9.]+\\s*[dD][bB]\\s*$"}, {"$ref": "#/$defs/varRef"}]}
                    },
                    "required": ["freq"],
                    "additionalProperties": false
                  }
                ]
              },
              "peak": {
                "description": "Raises or lowers a band around `freq` by `gain`, `q` wide.",
                "anyOf": [
                  {"type": "number", "minimum": 10, "maximum": 24000},
                  {
                    "type": "object",
                    "properties": {
                      "freq": {"type": "number", "minimum": 10, "maximum": 24000, "description": "The frequency in Hz."},
                      "q": {"type": "number", "minimum": 0.05, "maximum": 50, "description": "How narrow the band, or steep the bend; default 0.707."},
                      "gain": {"description": "Shelves and peaks: the boost or cut in dB (`3dB`, `-3dB`).", "anyOf": [{"type": "number"}, {"type": "string", "pattern": "^\\s*[-+]?[0-9.]+\\s*[dD][bB]\\s*$"}, {"$ref": "#/$defs/varRef"}]}
                    },
                    "required": ["freq"],
                    "additionalProperties": false
                  }
                ]
              }
            },
            "additionalProperties": false
          }
        },
        "gate": {
          "type": "object",
          "description": "Lowers the sound by `range` while it is quieter than `threshold` (after `hold`): `{ threshold: -50dB, range: -40dB, attack: 1ms, hold: 50ms, release: 200ms }`, the defaults. Attack and release are time constants.",
          "properties": {
            "threshold": {"description": "The level in dB (`-20dB`) the effect acts at.", "anyOf": [{"type": "number"}, {"type": "string", "pattern": "^\\s*[-+]?[0-9.]+\\s*[dD][bB]\\s*$"}, {"$ref": "#/$defs/varRef"}]},
            "range": {"description": "How far a closed gate lowers the sound, in dB (`-40dB`).", "anyOf": [{"type": "number"}, {"type": "string", "pattern": "^\\s*[-+]?[0-9.]+\\s*[dD][bB]\\s*$"}, {"$ref": "#/$defs/varRef"}]},
            "attack": {"$ref": "#/$defs/time", "description": "How fast it acts: a time constant (`10ms`)."},
            "hold": {"$ref": "#/$defs/time", "description": "How long the gate stays open after the sound falls under the threshold."},
            "release": {"$ref": "#/$defs/time", "description": "How fast it lets go: a time constant (`200ms`)."}
          },
          "additionalProperties": false
        },
        "compressor": {
          "type": "object",
          "description": "Lowers what is louder than `threshold` to `1/ratio` of its excess, over a soft `knee`: `{ threshold: -20dB, ratio: 4, knee: 6dB, attack: 10ms, release: 200ms, makeup: 0dB, detect: rms }`, the defaults; `detect: peak` reacts to peaks.",
          "properties": {
            "threshold": {"description": "The level in dB (`-20dB`) the effect acts at.", "anyOf": [{"type": "number"}, {"type": "string", "pattern": "^\\s*[-+]?[0-9.]+\\s*[dD][bB]\\s*$"}, {"$ref": "#/$defs/varRef"}]},
            "ratio": {"type": "number", "minimum": 1, "maximum": 100, "description": "The excess over the threshold is divided by this (4: 4 dB over become 1)."},
            "knee": {"description": "The width in dB of the soft bend around the threshold.", "anyOf": [{"type": "number"}, {"type": "string", "pattern": "^\\s*[-+]?[0-9.]+\\s*[dD][bB]\\s*$"}, {"$ref": "#/$defs/varRef"}]},
            "attack": {"$ref": "#/$defs/time", "description": "How fast it acts: a time constant (`10ms`)."},
            "release": {"$ref": "#/$defs/time", "description": "How fast it lets go: a time constant (`200ms`)."},
            "makeup": {"description": "A gain in dB added after compressing.", "anyOf": [{"type": "number"}, {"type": "string", "pattern": "^\\s*[-+]?[0-9.]+\\s*[dD][bB]\\s*$"}, {"$ref": "#/$defs/varRef"}]},
            "detect": {"enum": ["rms", "peak"], "description": "`rms` (the default) follows the power of the sound, `peak` its peaks."}
          },
          "additionalProperties": false
        },
        "limiter": {
          "type": "object",
          "description": "Keeps the item's peaks under `ceiling`, looking 5 ms ahead: `{ ceiling: -1dB, release: 100ms }`, the defaults.",
          "properties": {
            "ceiling": {"description": "The highest peak let through, in dB (`-1dB`).", "anyOf": [{"type": "number"}, {"type": "string", "pattern": "^\\s*[-+]?[0-9.]+\\s*[dD][bB]\\s*$"}, {"$ref": "#/$defs/varRef"}]},
            "release": {"$ref": "#/$defs/time", "description": "How fast it lets go: a time constant (`200ms`)."}
          },
          "additionalProperties": false
        }
      }
    },
    "generatedKeys": {
      "$comment": "Keys of the items Cutlist makes, which have no length of their own: `color`, `pattern`, `gradient`, `text` and `tone`.",
      "properties": {
        "duration": {
          "$ref": "#/$defs/duration",
          "description": "The item's length on the timeline (required unless `until: end`)."
        },
        "until": {
          "description": "`end`: the item lasts until the end of the output (instead of `duration`).",
          "anyOf": [{"enum": ["end"]}, {"$ref": "#/$defs/varRef"}]
        }
      }
    },
    "layerKeys": {
      "$comment": "Keys of the items drawn as a layer, which place and transform the picture.",
      "properties": {
        "fit": {
          "description": "How the layer fits the output frame: `contain` (letterbox), `cover` (fill and crop), `fill` (stretch), `none` (native pixels), `contain-blur` (contain over a blurred copy fitted with `cover`); ignored when `size` is given, but for `contain-blur`, which then frames the picture in its box. Default `contain`.",
          "anyOf": [
            {"enum": ["contain", "cover", "fill", "none", "contain-blur"]},
            {"$ref": "#/$defs/varRef"}
          ],
          "default": "contain"
        },
        "size": {
          "$ref": "#/$defs/animatedLayerSize",
          "description": "The layer's box in output pixels, `[w, h]`; one side may be `auto` to keep the aspect ratio. Animatable."
        },
        "position": {"$ref": "#/$defs/position"},
        "margin": {"$ref": "#/$defs/margin"},
        "anchor": {
          "$ref": "#/$defs/vector",
          "description": "The layer's own reference point, normalised (`[0, 0]` top-left, `[1, 1]` bottom-right); default `[0.5, 0.5]`."
        },
        "scale": {
          "$ref": "#/$defs/animatedScale",
          "description": "Scale about the anchor, after fit/size: uniform or `[sx, sy]`; default 1. Animatable."
        },
        "rotation": {
          "$ref": "#/$defs/animatedAngle",
          "description": "Rotation about the anchor, clockwise; default 0. Animatable."
        },
        "crop": {
          "$ref": "#/$defs/animatedCrop",
          "description": "`{left, top, right, bottom}` in source pixels. Animatable."
        },
        "flip": {
          "description": "Mirror the picture: `horizontal`, `vertical` or `both`.",
          "anyOf": [{"enum": ["horizontal", "vertical", "both"]}, {"$ref": "#/$defs/varRef"}]
        },
        "opacity": {
          "$ref": "#/$defs/animatedNumber",
          "description": "Layer opacity, 0..1; default 1. Animatable."
        },
        "auto_rotate": {
          "$ref": "#/$defs/boolean",
          "description": "Apply the source's rotation metadata (phone videos); default true.",
          "default": true
        },
        "filters": {"$ref": "#/$defs/filters"}
      }
    },
    "sourceItem": {
      "type": "object",
      "description": "A video, audio or image file.",
      "properties": {
        "source": {
          "type": "string",
          "description": "An asset name from `assets`, or a path to a video, audio or image file, relative to the project file.",
          "minLength": 1,
          "not": {"pattern": "^[A-Za-z][A-Za-z0-9+.-]*://"}
        },
        "from": {"$ref": "#/$defs/clipKeys/properties/from"},
        "to": {"$ref": "#/$defs/clipKeys/properties/to"},
        "duration": {"$ref": "#/$defs/clipKeys/properties/duration"},
        "at": {"$ref": "#/$defs/itemKeys/properties/at"},
        "speed": {"$ref": "#/$defs/clipKeys/properties/speed"},
        "loop": {"$ref": "#/$defs/clipKeys/properties/loop"},
        "until": {"$ref": "#/$defs/clipKeys/properties/until"},
        "freeze": {"$ref": "#/$defs/clipKeys/properties/freeze"},
        "reverse": {"$ref": "#/$defs/clipKeys/properties/reverse"},
        "time": {"$ref": "#/$defs/clipKeys/properties/time"},
        "frames": {"$ref": "#/$defs/clipKeys/properties/frames"},
        "fit": {"$ref": "#/$defs/layerKeys/properties/fit"},
        "size": {"$ref": "#/$defs/layerKeys/properties/size"},
        "position": {"$ref": "#/$defs/layerKeys/properties/position"},
        "margin": {"$ref": "#/$defs/layerKeys/properties/margin"},
        "anchor": {"$ref": "#/$defs/layerKeys/properties/anchor"},
        "scale": {"$ref": "#/$defs/layerKeys/properties/scale"},
        "rotation": {"$ref": "#/$defs/layerKeys/properties/rotation"},
        "crop": {"$ref": "#/$defs/layerKeys/properties/crop"},
        "flip": {"$ref": "#/$defs/layerKeys/properties/flip"},
        "opacity": {"$ref": "#/$defs/layerKeys/properties/opacity"},
        "auto_rotate": {"$ref": "#/$defs/layerKeys/properties/auto_rotate"},
        "volume": {"$ref": "#/$defs/itemKeys/properties/volume"},
        "fade_in": {"$ref": "#/$defs/itemKeys/properties/fade_in"},
        "fade_out": {"$ref": "#/$defs/itemKeys/properties/fade_out"},
        "mute": {"$ref": "#/$defs/itemKeys/properties/mute"},
        "pitch": {"$ref": "#/$defs/clipKeys/properties/pitch"},
        "eq": {"$ref": "#/$defs/clipKeys/properties/eq"},
        "gate": {"$ref": "#/$defs/clipKeys/properties/gate"},
        "compressor": {"$ref": "#/$defs/clipKeys/properties/compressor"},
        "limiter": {"$ref": "#/$defs/clipKeys/properties/limiter"},
        "filters": {"$ref": "#/$defs/layerKeys/properties/filters"},
        "captions": {
          "description": "The clip's own subtitles (on a video track): shown at their time in the clip, trimmed, sped up and cut with it. A subtitle file, a text subtitle stream of the clip's file (`embedded` for its first, or a stream's index), or `{ file, ...text keys }`; styled over `defaults.captions`.",
          "anyOf": [
            {"$ref": "#/$defs/clipSubtitles"},
            {
              "type": "object",
              "properties": {
                "file": {"$ref": "#/$defs/clipSubtitles"},
                "font": {"$ref": "#/$defs/textItem/properties/font"},
                "font_size": {"$ref": "#/$defs/textItem/properties/font_size"},
                "weight": {"$ref": "#/$defs/textItem/properties/weight"},
                "color": {"$ref": "#/$defs/textItem/properties/color"},
                "align": {"$ref": "#/$defs/textItem/properties/align"},
                "max_width": {"$ref": "#/$defs/textItem/properties/max_width"},
                "line_height": {"$ref": "#/$defs/textItem/properties/line_height"},
                "letter_spacing": {"$ref": "#/$defs/textItem/properties/letter_spacing"},
                "stroke": {"$ref": "#/$defs/textItem/properties/stroke"},
                "shadow": {"$ref": "#/$defs/textItem/properties/shadow"},
                "background": {"$ref": "#/$defs/textItem/properties/background"},
                "highlight": {"$ref": "#/$defs/captionHighlight"},
                "max_chars": {"$ref": "#/$defs/captionsItem/properties/max_chars"},
                "max_lines": {"$ref": "#/$defs/captionsItem/properties/max_lines"}
              },
              "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
              "additionalProperties": false,
              "required": ["file"]
            }
          ]
        },
        "id": {"$ref": "#/$defs/itemKeys/properties/id"}
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["source"],
      "allOf": [
        {
          "$comment": "`from`, `to` and `duration` together need `loop`.",
          "if": {"required": ["from", "to", "duration"]},
          "then": {"required": ["loop"]}
        },
        {
          "$comment": "`duration` and `until` exclude each other.",
          "not": {"required": ["duration", "until"]}
        }
      ]
    },
    "colorItem": {
      "type": "object",
      "description": "A solid colour layer.",
      "properties": {
        "color": {"$ref": "#/$defs/color", "description": "The layer's colour."},
        "duration": {"$ref": "#/$defs/generatedKeys/properties/duration"},
        "at": {"$ref": "#/$defs/itemKeys/properties/at"},
        "until": {"$ref": "#/$defs/generatedKeys/properties/until"},
        "fit": {"$ref": "#/$defs/layerKeys/properties/fit"},
        "size": {"$ref": "#/$defs/layerKeys/properties/size"},
        "position": {"$ref": "#/$defs/layerKeys/properties/position"},
        "margin": {"$ref": "#/$defs/layerKeys/properties/margin"},
        "anchor": {"$ref": "#/$defs/layerKeys/properties/anchor"},
        "scale": {"$ref": "#/$defs/layerKeys/properties/scale"},
        "rotation": {"$ref": "#/$defs/layerKeys/properties/rotation"},
        "crop": {"$ref": "#/$defs/layerKeys/properties/crop"},
        "flip": {"$ref": "#/$defs/layerKeys/properties/flip"},
        "opacity": {"$ref": "#/$defs/layerKeys/properties/opacity"},
        "auto_rotate": {"$ref": "#/$defs/layerKeys/properties/auto_rotate"},
        "filters": {"$ref": "#/$defs/layerKeys/properties/filters"},
        "fade_in": {"$ref": "#/$defs/itemKeys/properties/fade_in"},
        "fade_out": {"$ref": "#/$defs/itemKeys/properties/fade_out"},
        "id": {"$ref": "#/$defs/itemKeys/properties/id"}
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["color"],
      "oneOf": [{"required": ["duration"]}, {"required": ["until"]}],
      "$comment": "`duration` or `until: end` is required, not both."
    },
    "patternItem": {
      "type": "object",
      "description": "A generated test picture.",
      "properties": {
        "pattern": {
          "description": "`bars` (colour bars), `grid`, or `counter` (shows the frame number and time).",
          "anyOf": [{"enum": ["bars", "grid", "counter"]}, {"$ref": "#/$defs/varRef"}]
        },
        "duration": {"$ref": "#/$defs/generatedKeys/properties/duration"},
        "at": {"$ref": "#/$defs/itemKeys/properties/at"},
        "until": {"$ref": "#/$defs/generatedKeys/properties/until"},
        "fit": {"$ref": "#/$defs/layerKeys/properties/fit"},
        "size": {"$ref": "#/$defs/layerKeys/properties/size"},
        "position": {"$ref": "#/$defs/layerKeys/properties/position"},
        "margin": {"$ref": "#/$defs/layerKeys/properties/margin"},
        "anchor": {"$ref": "#/$defs/layerKeys/properties/anchor"},
        "scale": {"$ref": "#/$defs/layerKeys/properties/scale"},
        "rotation": {"$ref": "#/$defs/layerKeys/properties/rotation"},
        "crop": {"$ref": "#/$defs/layerKeys/properties/crop"},
        "flip": {"$ref": "#/$defs/layerKeys/properties/flip"},
        "opacity": {"$ref": "#/$defs/layerKeys/properties/opacity"},
        "auto_rotate": {"$ref": "#/$defs/layerKeys/properties/auto_rotate"},
        "filters": {"$ref": "#/$defs/layerKeys/properties/filters"},
        "fade_in": {"$ref": "#/$defs/itemKeys/properties/fade_in"},
        "fade_out": {"$ref": "#/$defs/itemKeys/properties/fade_out"},
        "id": {"$ref": "#/$defs/itemKeys/properties/id"}
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["pattern"],
      "oneOf": [{"required": ["duration"]}, {"required": ["until"]}],
      "$comment": "`duration` or `until: end` is required, not both."
    },
    "gradientItem": {
      "type": "object",
      "description": "A gradient layer over the output frame's size (like `color`): linear along `angle`, or radial from `center` out to `radius`.",
      "properties": {
        "gradient": {
          "description": "`linear` or `radial`.",
          "anyOf": [{"enum": ["linear", "radial"]}, {"$ref": "#/$defs/varRef"}]
        },
        "colors": {
          "description": "Two or more stops from the start to the end: colours (spaced evenly) or `{color, at}` with `at` from 0 to 1; colours may have alpha.",
          "type": "array",
          "minItems": 2,
          "items": {
            "anyOf": [
              {"$ref": "#/$defs/color"},
              {
                "type": "object",
                "properties": {
                  "color": {"$ref": "#/$defs/color"},
                  "at": {
                    "description": "Where the stop sits, from 0 (the start) to 1 (the end).",
                    "anyOf": [
                      {"type": "number", "minimum": 0, "maximum": 1},
                      {"$ref": "#/$defs/varRef"}
                    ]
                  }
                },
                "required": ["color"],
                "additionalProperties": false
              }
            ]
          }
        },
        "angle": {
          "description": "Linear: the direction in degrees, clockwise from left-to-right; default 0.",
          "anyOf": [{"type": "number"}, {"$ref": "#/$defs/varRef"}]
        },
        "center": {
          "$ref": "#/$defs/point",
          "description": "Radial: the centre, in pixels or percentages of the frame; default the middle."
        },
        "radius": {
          "description": "Radial: the radius in pixels; default to the farthest corner.",
          "anyOf": [{"type": "number", "exclusiveMinimum": 0}, {"$ref": "#/$defs/varRef"}]
        },
        "duration": {"$ref": "#/$defs/generatedKeys/properties/duration"},
        "at": {"$ref": "#/$defs/itemKeys/properties/at"},
        "until": {"$ref": "#/$defs/generatedKeys/properties/until"},
        "fit": {"$ref": "#/$defs/layerKeys/properties/fit"},
        "size": {"$ref": "#/$defs/layerKeys/properties/size"},
        "position": {"$ref": "#/$defs/layerKeys/properties/position"},
        "margin": {"$ref": "#/$defs/layerKeys/properties/margin"},
        "anchor": {"$ref": "#/$defs/layerKeys/properties/anchor"},
        "scale": {"$ref": "#/$defs/layerKeys/properties/scale"},
        "rotation": {"$ref": "#/$defs/layerKeys/properties/rotation"},
        "crop": {"$ref": "#/$defs/layerKeys/properties/crop"},
        "flip": {"$ref": "#/$defs/layerKeys/properties/flip"},
        "opacity": {"$ref": "#/$defs/layerKeys/properties/opacity"},
        "auto_rotate": {"$ref": "#/$defs/layerKeys/properties/auto_rotate"},
        "filters": {"$ref": "#/$defs/layerKeys/properties/filters"},
        "fade_in": {"$ref": "#/$defs/itemKeys/properties/fade_in"},
        "fade_out": {"$ref": "#/$defs/itemKeys/properties/fade_out"},
        "id": {"$ref": "#/$defs/itemKeys/properties/id"}
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["gradient", "colors"],
      "oneOf": [{"required": ["duration"]}, {"required": ["until"]}],
      "$comment": "`duration` or `until: end` is required, not both."
    },
    "shapeItem": {
      "type": "object",
      "description": "A vector shape drawn at its own size (`fit: none` by default) with exact coverage at its edges: a `rectangle` or `ellipse` of `width` × `height` pixels, or a `polygon` or `line` through `points`; filled (`fill`) and outlined (`stroke`). Without either, a shape is filled white and a line stroked white, 2 pixels wide.",
      "properties": {
        "shape": {
          "description": "`rectangle`, `ellipse`, `polygon` or `line`.",
          "anyOf": [{"enum": ["rectangle", "ellipse", "polygon", "line"]}, {"$ref": "#/$defs/varRef"}]
        },
        "width": {
          "description": "A rectangle's or ellipse's width in pixels.",
          "anyOf": [{"type": "number", "exclusiveMinimum": 0}, {"$ref": "#/$defs/varRef"}]
        },
        "height": {
          "description": "A rectangle's or ellipse's height in pixels.",
          "anyOf": [{"type": "number", "exclusiveMinimum": 0}, {"$ref": "#/$defs/varRef"}]
        },
        "points": {
          "description": "A polygon's corners (at least three) or a line's points (at least two), `[x, y]` in pixels; the picture is the box around them.",
          "type": "array",
          "minItems": 2,
          "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "number"}}
        },
        "corner_radius": {
          "description": "A rectangle's rounded corners, in pixels.",
          "anyOf": [{"type": "number", "minimum": 0}, {"$ref": "#/$defs/varRef"}]
        },
        "fill": {
          "description": "A colour, or a gradient over the shape's box: `{ gradient: linear | radial, colors, angle, center, radius }` as a `gradient` item takes them.",
          "anyOf": [
            {"$ref": "#/$defs/color"},
            {
              "type": "object",
              "properties": {
                "gradient": {"$ref": "#/$defs/gradientItem/properties/gradient"},
                "colors": {"$ref": "#/$defs/gradientItem/properties/colors"},
                "angle": {"$ref": "#/$defs/gradientItem/properties/angle"},
                "center": {"$ref": "#/$defs/gradientItem/properties/center"},
                "radius": {"$ref": "#/$defs/gradientItem/properties/radius"}
              },
              "required": ["gradient", "colors"],
              "additionalProperties": false
            }
          ]
        },
        "stroke": {
          "type": "object",
          "description": "The outline, centred on it and drawn over the fill.",
          "properties": {
            "color": {"$ref": "#/$defs/color", "description": "Default white."},
            "width": {
              "description": "Pixels; default 2.",
              "anyOf": [{"type": "number", "exclusiveMinimum": 0}, {"$ref": "#/$defs/varRef"}]
            },
            "dash": {
              "description": "Lengths drawn and skipped in turn along the outline, in pixels.",
              "type": "array",
              "minItems": 1,
              "items": {"type": "number", "minimum": 0.5}
            }
          },
          "additionalProperties": false
        },
        "duration": {"$ref": "#/$defs/generatedKeys/properties/duration"},
        "at": {"$ref": "#/$defs/itemKeys/properties/at"},
        "until": {"$ref": "#/$defs/generatedKeys/properties/until"},
        "fit": {"$ref": "#/$defs/layerKeys/properties/fit"},
        "size": {"$ref": "#/$defs/layerKeys/properties/size"},
        "position": {"$ref": "#/$defs/layerKeys/properties/position"},
        "margin": {"$ref": "#/$defs/layerKeys/properties/margin"},
        "anchor": {"$ref": "#/$defs/layerKeys/properties/anchor"},
        "scale": {"$ref": "#/$defs/layerKeys/properties/scale"},
        "rotation": {"$ref": "#/$defs/layerKeys/properties/rotation"},
        "crop": {"$ref": "#/$defs/layerKeys/properties/crop"},
        "flip": {"$ref": "#/$defs/layerKeys/properties/flip"},
        "opacity": {"$ref": "#/$defs/layerKeys/properties/opacity"},
        "auto_rotate": {"$ref": "#/$defs/layerKeys/properties/auto_rotate"},
        "filters": {"$ref": "#/$defs/layerKeys/properties/filters"},
        "fade_in": {"$ref": "#/$defs/itemKeys/properties/fade_in"},
        "fade_out": {"$ref": "#/$defs/itemKeys/properties/fade_out"},
        "id": {"$ref": "#/$defs/itemKeys/properties/id"}
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["shape"],
      "oneOf": [{"required": ["duration"]}, {"required": ["until"]}],
      "$comment": "`duration` or `until: end` is required, not both."
    },
    "shaderItem": {
      "type": "object",
      "description": "A layer drawn by a GLSL ES 3.00 fragment shader file (`#version 300 es`, its own `precision` and `out vec4`) over the output frame's size (like `color`). Cutlist sets the uniforms `time` (seconds since the item's start), `progress` (0 to 1 over the item) and `resolution` (pixels); the project sets the others in `uniforms`, and the shader reads the pictures of the items in `inputs`.",
      "properties": {
        "shader": {"$ref": "#/$defs/path", "description": "The shader file, relative to the project file."},
        "uniforms": {"$ref": "#/$defs/shaderUniforms"},
        "inputs": {
          "type": "array",
          "items": {"type": "string", "minLength": 1},
          "description": "Ids of other items on the same tracks whose pictures the shader reads as `uniform sampler2D input0`, `input1`, … in this order: each item's own picture at the frame, transparent where it does not show."
        },
        "duration": {"$ref": "#/$defs/generatedKeys/properties/duration"},
        "at": {"$ref": "#/$defs/itemKeys/properties/at"},
        "until": {"$ref": "#/$defs/generatedKeys/properties/until"},
        "fit": {"$ref": "#/$defs/layerKeys/properties/fit"},
        "size": {"$ref": "#/$defs/layerKeys/properties/size"},
        "position": {"$ref": "#/$defs/layerKeys/properties/position"},
        "margin": {"$ref": "#/$defs/layerKeys/properties/margin"},
        "anchor": {"$ref": "#/$defs/layerKeys/properties/anchor"},
        "scale": {"$ref": "#/$defs/layerKeys/properties/scale"},
        "rotation": {"$ref": "#/$defs/layerKeys/properties/rotation"},
        "crop": {"$ref": "#/$defs/layerKeys/properties/crop"},
        "flip": {"$ref": "#/$defs/layerKeys/properties/flip"},
        "opacity": {"$ref": "#/$defs/layerKeys/properties/opacity"},
        "auto_rotate": {"$ref": "#/$defs/layerKeys/properties/auto_rotate"},
        "filters": {"$ref": "#/$defs/layerKeys/properties/filters"},
        "fade_in": {"$ref": "#/$defs/itemKeys/properties/fade_in"},
        "fade_out": {"$ref": "#/$defs/itemKeys/properties/fade_out"},
        "id": {"$ref": "#/$defs/itemKeys/properties/id"}
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["shader"],
      "oneOf": [{"required": ["duration"]}, {"required": ["until"]}],
      "$comment": "`duration` or `until: end` is required, not both."
    },
    "shaderUniforms": {
      "type": "object",
      "description": "A value for each uniform the shader declares but Cutlist does not set: a `float` takes a number, a `vec2` `[x, y]`, a `vec3` or `vec4` a colour (0 to 1, straight alpha), each animatable; an `int` a whole number, a `bool` true or false, their vectors (`ivec2` to `ivec4`, `bvec2` to `bvec4`) a list of them. A uniform whose declaration has a default in its comment (`uniform float speed; // = 1.5`, or `/* = 1.5 */` before the `;`) may be left out.",
      "additionalProperties": {
        "anyOf": [{"type": "number"}, {"$ref": "#/$defs/color"}, {"$ref": "#/$defs/varRef"}, {"type": "array", "description": "`[x, y]`, or keyframes."}, {"type": "object", "description": "A ramp or a repeating animation."}]
      }
    },
    "textItem": {
      "type": "object",
      "description": "A text layer, shaped and rasterised once, then transformed and animated like any layer.",
      "properties": {
        "text": {
          "type": "string",
          "description": "The text to show; may contain line breaks and `${var}` references."
        },
        "font": {
          "type": "string",
          "description": "A font family name (resolved by fontconfig) or a font file path; default DejaVu Sans.",
          "minLength": 1,
          "default": "DejaVu Sans"
        },
        "font_size": {
          "description": "Font size in pixels; default 48.",
          "anyOf": [{"type": "number", "exclusiveMinimum": 0}, {"$ref": "#/$defs/varRef"}]
        },
        "weight": {
          "description": "`normal` or `bold`.",
          "anyOf": [{"enum": ["normal", "bold"]}, {"$ref": "#/$defs/varRef"}],
          "default": "normal"
        },
        "color": {
          "$ref": "#/$defs/color",
          "description": "Text colour; default white.",
          "default": "white"
        },
        "align": {
          "description": "Line alignment: `left`, `center` or `right`.",
          "anyOf": [{"enum": ["left", "center", "right"]}, {"$ref": "#/$defs/varRef"}],
          "default": "center"
        },
        "max_width": {
          "description": "Wrap lines wider than this many pixels; default no wrap.",
          "anyOf": [{"type": "number", "exclusiveMinimum": 0}, {"$ref": "#/$defs/varRef"}]
        },
        "line_height": {
          "description": "Line spacing as a multiple of the font size.",
          "anyOf": [{"type": "number", "exclusiveMinimum": 0}, {"$ref": "#/$defs/varRef"}]
        },
        "letter_spacing": {
          "description": "Space added after each letter (tracking): pixels (`2`, `2px`) or ems, a share of the font size (`0.1em`); negative tightens. -1000 to 1000 pixels, -1 to 10 em.",
          "anyOf": [
            {"type": "number", "minimum": -1000, "maximum": 1000},
            {"type": "string", "pattern": "^\\s*[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)\\s*([pP][xX]|[eE][mM])?\\s*$"},
            {"$ref": "#/$defs/varRef"}
          ]
        },
        "stroke": {
          "type": "object",
          "description": "An outline around the glyphs.",
          "properties": {
            "color": {"$ref": "#/$defs/color", "description": "Outline colour."},
            "width": {
              "description": "Outline width in pixels.",
              "anyOf": [{"type": "number", "minimum": 0}, {"$ref": "#/$defs/varRef"}]
            }
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false
        },
        "shadow": {
          "type": "object",
          "description": "A drop shadow.",
          "properties": {
            "color": {
              "$ref": "#/$defs/color",
              "description": "Shadow colour (usually translucent, e.g. `\"#00000080\"`)."
            },
            "offset": {
              "$ref": "#/$defs/vector",
              "description": "Shadow offset `[dx, dy]` in pixels, y down."
            }
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false
        },
        "background": {
          "type": "object",
          "description": "A box behind the text.",
          "properties": {
            "color": {"$ref": "#/$defs/color", "description": "Box colour."},
            "padding": {
              "description": "Space between the text and the box edge, in pixels.",
              "anyOf": [{"type": "number", "minimum": 0}, {"$ref": "#/$defs/varRef"}]
            }
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false
        },
        "duration": {"$ref": "#/$defs/generatedKeys/properties/duration"},
        "at": {"$ref": "#/$defs/itemKeys/properties/at"},
        "until": {"$ref": "#/$defs/generatedKeys/properties/until"},
        "fit": {
          "description": "How the layer fits the output frame: `contain` (letterbox), `cover` (fill and crop), `fill` (stretch), `none` (native pixels), `contain-blur` (contain over a blurred copy fitted with `cover`); ignored when `size` is given, but for `contain-blur`, which then frames the picture in its box. Default `none`.",
          "anyOf": [
            {"enum": ["contain", "cover", "fill", "none", "contain-blur"]},
            {"$ref": "#/$defs/varRef"}
          ],
          "default": "none"
        },
        "size": {"$ref": "#/$defs/layerKeys/properties/size"},
        "position": {"$ref": "#/$defs/layerKeys/properties/position"},
        "margin": {"$ref": "#/$defs/layerKeys/properties/margin"},
        "anchor": {"$ref": "#/$defs/layerKeys/properties/anchor"},
        "scale": {"$ref": "#/$defs/layerKeys/properties/scale"},
        "rotation": {"$ref": "#/$defs/layerKeys/properties/rotation"},
        "crop": {"$ref": "#/$defs/layerKeys/properties/crop"},
        "flip": {"$ref": "#/$defs/layerKeys/properties/flip"},
        "opacity": {"$ref": "#/$defs/layerKeys/properties/opacity"},
        "auto_rotate": {"$ref": "#/$defs/layerKeys/properties/auto_rotate"},
        "filters": {"$ref": "#/$defs/layerKeys/properties/filters"},
        "fade_in": {"$ref": "#/$defs/itemKeys/properties/fade_in"},
        "fade_out": {"$ref": "#/$defs/itemKeys/properties/fade_out"},
        "id": {"$ref": "#/$defs/itemKeys/properties/id"}
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["text"],
      "oneOf": [{"required": ["duration"]}, {"required": ["until"]}],
      "$comment": "`duration` or `until: end` is required, not both."
    },
    "toneItem": {
      "type": "object",
      "description": "A sine tone (audio), for tests and examples.",
      "properties": {
        "tone": {
          "description": "Frequency in Hz.",
          "anyOf": [{"type": "number", "exclusiveMinimum": 0}, {"$ref": "#/$defs/varRef"}]
        },
        "duration": {"$ref": "#/$defs/generatedKeys/properties/duration"},
        "at": {"$ref": "#/$defs/itemKeys/properties/at"},
        "until": {"$ref": "#/$defs/generatedKeys/properties/until"},
        "volume": {"$ref": "#/$defs/itemKeys/properties/volume"},
        "fade_in": {"$ref": "#/$defs/itemKeys/properties/fade_in"},
        "fade_out": {"$ref": "#/$defs/itemKeys/properties/fade_out"},
        "mute": {"$ref": "#/$defs/itemKeys/properties/mute"},
        "id": {"$ref": "#/$defs/itemKeys/properties/id"}
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["tone"],
      "oneOf": [{"required": ["duration"]}, {"required": ["until"]}],
      "$comment": "`duration` or `until: end` is required, not both."
    },
    "gapItem": {
      "type": "object",
      "description": "A hole in the track: transparent picture and silence.",
      "properties": {
        "gap": {"$ref": "#/$defs/duration", "description": "How long the hole lasts."},
        "id": {"$ref": "#/$defs/itemKeys/properties/id"}
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["gap"]
    },
    "transitionItem": {
      "type": "object",
      "description": "A transition between the items before and after it; the next item starts `duration` before the previous one ends.",
      "properties": {
        "transition": {
          "description": "`crossfade` (dissolve), `fade` (through `color`), `wipe-left|right|up|down`, `slide-left|right|up|down`, `push-left|right`, `zoom`, `circle`; drawn by shaders: `crosszoom`, `dreamy-zoom`, `directional-warp`, `linear-blur`, `color-phase`, `simple-zoom`, `fade-grayscale`, `ripple`, `swirl`, `burn`, `pixelize`, `radial`, `doorway`, `push-up`, `push-down`, `cube`, `page-curl`; or a GLSL file's, `{shader: FILE, uniforms: {...}}`.",
          "anyOf": [
            {
              "enum": [
                "crossfade", "fade", "wipe-left", "wipe-right", "wipe-up", "wipe-down", "slide-left",
                "slide-right", "slide-up", "slide-down", "push-left", "push-right", "zoom", "circle",
                "crosszoom", "dreamy-zoom", "directional-warp", "linear-blur", "color-phase", "simple-zoom",
                "fade-grayscale", "ripple", "swirl", "burn", "pixelize", "radial", "doorway", "push-up", "push-down",
                "cube", "page-curl"
              ]
            },
            {
              "type": "object",
              "description": "A transition in a GLSL file, in the gl-transitions convention: `vec4 transition(vec2 uv)` using `getFromColor`, `getToColor`, `progress` and `ratio`.",
              "properties": {
                "shader": {"$ref": "#/$defs/path", "description": "The transition's GLSL file, relative to the project file."},
                "uniforms": {"$ref": "#/$defs/shaderUniforms"}
              },
              "required": ["shader"],
              "additionalProperties": false
            },
            {"$ref": "#/$defs/varRef"}
          ]
        },
        "duration": {
          "$ref": "#/$defs/duration",
          "description": "The overlap; both neighbours must last at least this long. Default: 1s.",
          "default": "1s"
        },
        "ease": {
          "$ref": "#/$defs/ease",
          "description": "Shapes the transition's progress; default linear."
        },
        "color": {
          "$ref": "#/$defs/color",
          "description": "For `fade` only: the colour passed through; default black.",
          "default": "black"
        },
        "audio": {
          "description": "The sound's crossfade law: `equal-power` (default; `crossfade` means the same), `linear`, a fade's curve (`exp`, `log`, `sine`, `s-curve`: each side its own, the outgoing one backwards), or `cut` (the sound switches at the midpoint).",
          "anyOf": [
            {"enum": ["equal-power", "linear", "cut", "exp", "log", "sine", "s-curve", "crossfade"]},
            {"$ref": "#/$defs/varRef"}
          ],
          "default": "equal-power"
        },
        "id": {"$ref": "#/$defs/itemKeys/properties/id"}
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["transition"],
      "allOf": [
        {
          "$comment": "`color` is for `fade` only.",
          "if": {
            "required": ["transition"],
            "properties": {
              "transition": {
                "description": "A kind other than `fade`.",
                "enum": [
                  "crossfade", "wipe-left", "wipe-right", "wipe-up", "wipe-down", "slide-left",
                  "slide-right", "slide-up", "slide-down", "push-left", "push-right", "zoom",
                  "circle", "crosszoom", "dreamy-zoom", "directional-warp", "linear-blur", "color-phase", "simple-zoom",
                  "fade-grayscale", "ripple", "swirl", "burn", "pixelize", "radial", "doorway", "push-up", "push-down",
                  "cube", "page-curl"
                ]
              }
            }
          },
          "then": {"not": {"required": ["color"]}}
        }
      ]
    },
    "compositionItem": {
      "type": "object",
      "description": "A named composition drawn as one layer with its sound mixed; it plays like a video source of its own length.",
      "properties": {
        "composition": {
          "type": "string",
          "minLength": 1,
          "description": "The name of a composition under `compositions`."
        },
        "vars": {"$ref": "#/$defs/vars", "description": "Values for the composition's parameters."},
        "from": {"$ref": "#/$defs/clipKeys/properties/from"},
        "to": {"$ref": "#/$defs/clipKeys/properties/to"},
        "duration": {"$ref": "#/$defs/clipKeys/properties/duration"},
        "at": {"$ref": "#/$defs/itemKeys/properties/at"},
        "speed": {"$ref": "#/$defs/clipKeys/properties/speed"},
        "loop": {"$ref": "#/$defs/clipKeys/properties/loop"},
        "until": {"$ref": "#/$defs/clipKeys/properties/until"},
        "freeze": {"$ref": "#/$defs/clipKeys/properties/freeze"},
        "reverse": {"$ref": "#/$defs/clipKeys/properties/reverse"},
        "time": {"$ref": "#/$defs/clipKeys/properties/time"},
        "frames": {"$ref": "#/$defs/clipKeys/properties/frames"},
        "fit": {
          "description": "How the layer fits the output frame: `contain` (letterbox), `cover` (fill and crop), `fill` (stretch), `none` (native pixels), `contain-blur` (contain over a blurred copy fitted with `cover`); ignored when `size` is given, but for `contain-blur`, which then frames the picture in its box. Default `none`: placed at its own size.",
          "anyOf": [
            {"enum": ["contain", "cover", "fill", "none", "contain-blur"]},
            {"$ref": "#/$defs/varRef"}
          ],
          "default": "none"
        },
        "size": {"$ref": "#/$defs/layerKeys/properties/size"},
        "position": {"$ref": "#/$defs/layerKeys/properties/position"},
        "margin": {"$ref": "#/$defs/layerKeys/properties/margin"},
        "anchor": {"$ref": "#/$defs/layerKeys/properties/anchor"},
        "scale": {"$ref": "#/$defs/layerKeys/properties/scale"},
        "rotation": {"$ref": "#/$defs/layerKeys/properties/rotation"},
        "crop": {"$ref": "#/$defs/layerKeys/properties/crop"},
        "flip": {"$ref": "#/$defs/layerKeys/properties/flip"},
        "opacity": {"$ref": "#/$defs/layerKeys/properties/opacity"},
        "auto_rotate": {"$ref": "#/$defs/layerKeys/properties/auto_rotate"},
        "volume": {"$ref": "#/$defs/itemKeys/properties/volume"},
        "fade_in": {"$ref": "#/$defs/itemKeys/properties/fade_in"},
        "fade_out": {"$ref": "#/$defs/itemKeys/properties/fade_out"},
        "mute": {"$ref": "#/$defs/itemKeys/properties/mute"},
        "pitch": {"$ref": "#/$defs/clipKeys/properties/pitch"},
        "eq": {"$ref": "#/$defs/clipKeys/properties/eq"},
        "gate": {"$ref": "#/$defs/clipKeys/properties/gate"},
        "compressor": {"$ref": "#/$defs/clipKeys/properties/compressor"},
        "limiter": {"$ref": "#/$defs/clipKeys/properties/limiter"},
        "filters": {"$ref": "#/$defs/layerKeys/properties/filters"},
        "id": {"$ref": "#/$defs/itemKeys/properties/id"}
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["composition"],
      "allOf": [
        {
          "$comment": "`from`, `to` and `duration` together need `loop`.",
          "if": {"required": ["from", "to", "duration"]},
          "then": {"required": ["loop"]}
        },
        {
          "$comment": "`duration` and `until` exclude each other.",
          "not": {"required": ["duration", "until"]}
        }
      ]
    },
    "groupItem": {
      "type": "object",
      "description": "An inline composition (`group: { tracks: [...] }`) drawn as one layer with its sound mixed.",
      "properties": {
        "group": {"$ref": "#/$defs/groupBody"},
        "from": {"$ref": "#/$defs/clipKeys/properties/from"},
        "to": {"$ref": "#/$defs/clipKeys/properties/to"},
        "duration": {"$ref": "#/$defs/clipKeys/properties/duration"},
        "at": {"$ref": "#/$defs/itemKeys/properties/at"},
        "speed": {"$ref": "#/$defs/clipKeys/properties/speed"},
        "loop": {"$ref": "#/$defs/clipKeys/properties/loop"},
        "until": {"$ref": "#/$defs/clipKeys/properties/until"},
        "freeze": {"$ref": "#/$defs/clipKeys/properties/freeze"},
        "reverse": {"$ref": "#/$defs/clipKeys/properties/reverse"},
        "time": {"$ref": "#/$defs/clipKeys/properties/time"},
        "frames": {"$ref": "#/$defs/clipKeys/properties/frames"},
        "fit": {"$ref": "#/$defs/compositionItem/properties/fit"},
        "size": {"$ref": "#/$defs/layerKeys/properties/size"},
        "position": {"$ref": "#/$defs/layerKeys/properties/position"},
        "margin": {"$ref": "#/$defs/layerKeys/properties/margin"},
        "anchor": {"$ref": "#/$defs/layerKeys/properties/anchor"},
        "scale": {"$ref": "#/$defs/layerKeys/properties/scale"},
        "rotation": {"$ref": "#/$defs/layerKeys/properties/rotation"},
        "crop": {"$ref": "#/$defs/layerKeys/properties/crop"},
        "flip": {"$ref": "#/$defs/layerKeys/properties/flip"},
        "opacity": {"$ref": "#/$defs/layerKeys/properties/opacity"},
        "auto_rotate": {"$ref": "#/$defs/layerKeys/properties/auto_rotate"},
        "volume": {"$ref": "#/$defs/itemKeys/properties/volume"},
        "fade_in": {"$ref": "#/$defs/itemKeys/properties/fade_in"},
        "fade_out": {"$ref": "#/$defs/itemKeys/properties/fade_out"},
        "mute": {"$ref": "#/$defs/itemKeys/properties/mute"},
        "pitch": {"$ref": "#/$defs/clipKeys/properties/pitch"},
        "eq": {"$ref": "#/$defs/clipKeys/properties/eq"},
        "gate": {"$ref": "#/$defs/clipKeys/properties/gate"},
        "compressor": {"$ref": "#/$defs/clipKeys/properties/compressor"},
        "limiter": {"$ref": "#/$defs/clipKeys/properties/limiter"},
        "filters": {"$ref": "#/$defs/layerKeys/properties/filters"},
        "id": {"$ref": "#/$defs/itemKeys/properties/id"}
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["group"],
      "allOf": [
        {
          "$comment": "`from`, `to` and `duration` together need `loop`.",
          "if": {"required": ["from", "to", "duration"]},
          "then": {"required": ["loop"]}
        },
        {
          "$comment": "`duration` and `until` exclude each other.",
          "not": {"required": ["duration", "until"]}
        }
      ]
    },
    "captionsItem": {
      "type": "object",
      "description": "A subtitle file's cues drawn as text, each on the frames its time covers; by default at the bottom centre, 5% of the shorter side from the edge, wrapped at 90% of the width. Cues that overlap stack, the earlier above.",
      "properties": {
        "captions": {"$ref": "#/$defs/subtitleFile", "description": "The subtitle file whose cues to show."},
        "from": {"$ref": "#/$defs/time", "description": "The file time shown at the item's start (after `offset`); default 0."},
        "to": {"$ref": "#/$defs/time", "description": "The file time where the item ends (after `offset`); default the last cue's end."},
        "offset": {
          "description": "Added to every cue's time: `2s` shows each cue 2 s later, `\"-0.5s\"` half a second earlier; any time form, with an optional leading `-`.",
          "anyOf": [
            {"type": "number"},
            {"type": "string", "pattern": "^-?\\s*[0-9]"},
            {"$ref": "#/$defs/varRef"}
          ]
        },
        "duration": {"$ref": "#/$defs/generatedKeys/properties/duration"},
        "at": {"$ref": "#/$defs/itemKeys/properties/at"},
        "until": {"$ref": "#/$defs/generatedKeys/properties/until"},
        "fit": {"$ref": "#/$defs/layerKeys/properties/fit"},
        "size": {"$ref": "#/$defs/layerKeys/properties/size"},
        "position": {"$ref": "#/$defs/layerKeys/properties/position"},
        "margin": {"$ref": "#/$defs/layerKeys/properties/margin"},
        "anchor": {"$ref": "#/$defs/layerKeys/properties/anchor"},
        "scale": {"$ref": "#/$defs/layerKeys/properties/scale"},
        "rotation": {"$ref": "#/$defs/layerKeys/properties/rotation"},
        "crop": {"$ref": "#/$defs/layerKeys/properties/crop"},
        "flip": {"$ref": "#/$defs/layerKeys/properties/flip"},
        "opacity": {"$ref": "#/$defs/layerKeys/properties/opacity"},
        "auto_rotate": {"$ref": "#/$defs/layerKeys/properties/auto_rotate"},
        "filters": {"$ref": "#/$defs/layerKeys/properties/filters"},
        "fade_in": {"$ref": "#/$defs/itemKeys/properties/fade_in"},
        "fade_out": {"$ref": "#/$defs/itemKeys/properties/fade_out"},
        "font": {"$ref": "#/$defs/textItem/properties/font"},
        "font_size": {"$ref": "#/$defs/textItem/properties/font_size"},
        "weight": {"$ref": "#/$defs/textItem/properties/weight"},
        "color": {"$ref": "#/$defs/textItem/properties/color"},
        "align": {"$ref": "#/$defs/textItem/properties/align"},
        "max_width": {"$ref": "#/$defs/textItem/properties/max_width"},
        "line_height": {"$ref": "#/$defs/textItem/properties/line_height"},
                "letter_spacing": {"$ref": "#/$defs/textItem/properties/letter_spacing"},
        "stroke": {"$ref": "#/$defs/textItem/properties/stroke"},
        "shadow": {"$ref": "#/$defs/textItem/properties/shadow"},
        "background": {"$ref": "#/$defs/textItem/properties/background"},
        "highlight": {"$ref": "#/$defs/captionHighlight"},
        "max_chars": {
          "description": "The most characters in a line of a words file (`.json`): its words are grouped into one-line cues of at most this many characters (default 42, fewer when `max_width` at half the font size a character holds fewer), a new line after a pause of 0.5 s or more and after a sentence's end.",
          "anyOf": [{"type": "integer", "minimum": 1, "maximum": 1000}, {"$ref": "#/$defs/varRef"}],
          "default": 42
        },
        "max_lines": {
          "description": "The most lines a cue (or the stacked cues showing together) is drawn on after wrapping to `max_width`: the last line that fits ends in an ellipsis (…) and the rest is not drawn.",
          "anyOf": [{"type": "integer", "minimum": 1, "maximum": 100}, {"$ref": "#/$defs/varRef"}]
        },
        "id": {"$ref": "#/$defs/itemKeys/properties/id"}
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["captions"],
      "not": {"required": ["duration", "until"]},
      "$comment": "`duration` and `until` exclude each other."
    },
    "captionHighlight": {
      "type": "object",
      "description": "How the words of cues with word times (WebVTT inline timestamps, words files) show as they are spoken.",
      "properties": {
        "color": {"$ref": "#/$defs/color", "description": "The spoken words' colour; default yellow."},
        "mode": {
          "description": "`current` (default): the whole cue, the word being spoken in the colour; `karaoke`: the words spoken so far in the colour; `word`: only the word being spoken, in the colour.",
          "anyOf": [{"enum": ["current", "karaoke", "word"]}, {"$ref": "#/$defs/varRef"}],
          "default": "current"
        },
        "pop": {
          "description": "With `mode: word`: each word pops in, growing from 75% of its size to 110% in 0.1 s and settling at 100% by 0.2 s.",
          "anyOf": [{"type": "boolean"}, {"$ref": "#/$defs/varRef"}],
          "default": false
        }
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false
    },
    "clipSubtitles": {
      "description": "A subtitle file, `embedded` (the first text subtitle stream of the clip's own file) or the index of one of its streams.",
      "anyOf": [
        {"$ref": "#/$defs/subtitleFile"},
        {"const": "embedded", "description": "The first text subtitle stream (SubRip, mov_text, WebVTT, ASS) of the clip's own file."},
        {"type": "integer", "minimum": 0, "description": "The index of a text subtitle stream of the clip's own file, as ffprobe numbers the streams."}
      ]
    },
    "subtitleFile": {
      "type": "string",
      "description": "A subtitle file, relative to the project file: SRT (`.srt`), WebVTT (`.vtt`), an ASS or SSA script (`.ass`, `.ssa`) drawn by libass with its own styles, or a words file (`.json`: `[{ \"word\", \"start\", \"end\" }]` or whisper's `{ \"segments\": [{ \"words\": [...] }] }`), in UTF-8 (with or without a byte-order mark) or UTF-16 with a byte-order mark.",
      "pattern": "\\.([sS][rR][tT]|[vV][tT][tT]|[aA][sS][sS]|[sS][sS][aA]|[jJ][sS][oO][nN])$"
    },
    "item": {
      "description": "One item of a track, told by its key: `source`, `color`, `text`, `tone`, `pattern`, `gradient`, `shape`, `shader`, `gap`, `transition`, `composition`, `group` or `captions`.",
      "type": "object",
      "oneOf": [
        {"$ref": "#/$defs/sourceItem"},
        {"$ref": "#/$defs/colorItem"},
        {"$ref": "#/$defs/textItem"},
        {"$ref": "#/$defs/toneItem"},
        {"$ref": "#/$defs/patternItem"},
        {"$ref": "#/$defs/gradientItem"},
        {"$ref": "#/$defs/shapeItem"},
        {"$ref": "#/$defs/shaderItem"},
        {"$ref": "#/$defs/gapItem"},
        {"$ref": "#/$defs/transitionItem"},
        {"$ref": "#/$defs/compositionItem"},
        {"$ref": "#/$defs/groupItem"},
        {"$ref": "#/$defs/captionsItem"}
      ]
    },
    "ducking": {
      "type": "object",
      "description": "Lower this track while another track has sound (side-chain).",
      "properties": {
        "under": {
          "type": "string",
          "description": "The name of the track whose sound lowers this one.",
          "minLength": 1
        },
        "gain": {
          "$ref": "#/$defs/gain",
          "description": "The gain applied while ducked, e.g. `\"-12dB\"`."
        },
        "attack": {
          "$ref": "#/$defs/time",
          "description": "How fast the gain falls when the other track starts sounding."
        },
        "release": {
          "$ref": "#/$defs/time",
          "description": "How fast the gain recovers after the other track falls silent."
        }
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["under"]
    },
    "track": {
      "type": "object",
      "description": "A sequence of items laid end to end. The first video track is the bottom layer; later tracks composite over it; the audio of every track is mixed.",
      "properties": {
        "name": {
          "type": "string",
          "description": "Unique track name, used in diagnostics and `ducking.under`.",
          "minLength": 1
        },
        "kind": {
          "description": "`video` (default) or `audio`.",
          "anyOf": [{"enum": ["video", "audio"]}, {"$ref": "#/$defs/varRef"}],
          "default": "video"
        },
        "items": {
          "type": "array",
          "items": {"$ref": "#/$defs/item"},
          "description": "The items, sequential: each starts where the previous one ended unless pinned with `at`."
        },
        "volume": {
          "$ref": "#/$defs/animatedGain",
          "description": "Track gain applied to the audio of all its items; default 1. Animatable."
        },
        "opacity": {
          "$ref": "#/$defs/animatedNumber",
          "description": "Track opacity, multiplying its items' (video tracks); default 1. Animatable."
        },
        "filters": {
          "$ref": "#/$defs/filters",
          "description": "Filters applied to every item's picture on this video track, after the item's own."
        },
        "mute": {
          "$ref": "#/$defs/boolean",
          "description": "Silence the whole track.",
          "default": false
        },
        "hidden": {
          "$ref": "#/$defs/boolean",
          "description": "Do not draw the track's pictures.",
          "default": false
        },
        "ducking": {
          "$ref": "#/$defs/ducking",
          "description": "Lower this track while the named track has sound, e.g. `{under: voice, gain: \"-12dB\", attack: 0.3s, release: 0.5s}`."
        }
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["items"],
      "allOf": [
        {
          "if": {
            "required": ["kind"],
            "properties": {"kind": {"description": "An audio track.", "const": "audio"}}
          },
          "then": {
            "properties": {
              "items": {
                "description": "The items of an audio track.",
                "items": {
                  "anyOf": [
                    {"required": ["source"]},
                    {"required": ["tone"]},
                    {"required": ["gap"]},
                    {"required": ["transition"]}
                  ],
                  "description": "Audio tracks hold only `source`, `tone`, `gap` and `transition` items."
                }
              }
            }
          }
        }
      ]
    },
    "videoSettings": {
      "type": "object",
      "description": "Video encoding settings.",
      "properties": {
        "codec": {
          "description": "Video codec: `h264` (default), `hevc`, `vp9`, `prores`, `gif` or `webp`, where the container allows it.",
          "anyOf": [{"enum": ["h264", "hevc", "vp9", "prores", "gif", "webp"]}, {"$ref": "#/$defs/varRef"}],
          "default": "h264"
        },
        "crf": {
          "description": "Constant quality target, 0 (lossless) to 51; default 20. Not together with `bitrate`.",
          "anyOf": [{"type": "number", "minimum": 0, "maximum": 51}, {"$ref": "#/$defs/varRef"}]
        },
        "bitrate": {
          "$ref": "#/$defs/bitrate",
          "description": "Target bitrate such as `\"8M\"`. Not together with `crf`."
        },
        "preset": {
          "description": "Encoder speed preset; default medium.",
          "anyOf": [
            {
              "enum": [
                "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
                "veryslow", "placebo"
              ]
            },
            {"$ref": "#/$defs/varRef"}
          ],
          "default": "medium"
        },
        "pixel_format": {
          "type": "string",
          "description": "Output pixel format, e.g. `yuv420p` (default), `yuv444p`, `yuv420p10le`.",
          "pattern": "^(?:[a-z0-9_]+|.*\\$\\{.*)$",
          "default": "yuv420p",
          "examples": ["yuv420p", "yuv422p", "yuv444p", "yuv420p10le"]
        },
        "keyframe_interval": {
          "$ref": "#/$defs/duration",
          "description": "Maximum GOP length; default 2s.",
          "default": "2s"
        },
        "copy": {
          "description": "`auto` (default): untouched runs of a source's frames are copied from it, whole groups of pictures at a time, and only the frames around the cuts are encoded; `never`: every frame is encoded.",
          "anyOf": [{"enum": ["auto", "never"]}, {"$ref": "#/$defs/varRef"}],
          "default": "auto"
        },
        "options": {
          "type": "object",
          "description": "Options passed to the encoder as libav options, over Cutlist's own (`{ tune: film, x264-params: \"aq-mode=3\" }`): the encoder's own names, as `ffmpeg -h encoder=libx264` lists them. Part of each chunk's fingerprint; one the encoder does not take is an error naming the ones it does.",
          "additionalProperties": {"type": ["string", "number", "boolean"]}
        }
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "not": {"required": ["crf", "bitrate"]}
    },
    "audioSettings": {
      "type": "object",
      "description": "Audio encoding settings.",
      "properties": {
        "codec": {
          "description": "Audio codec; default aac (mp4/mov), opus (webm/mkv), pcm_s16le (wav).",
          "anyOf": [
            {"enum": ["aac", "opus", "mp3", "flac", "pcm_s16le"]},
            {"$ref": "#/$defs/varRef"}
          ]
        },
        "bitrate": {
          "$ref": "#/$defs/bitrate",
          "description": "Target bitrate; default 192k.",
          "default": "192k"
        },
        "sample_rate": {
          "description": "Samples per second; default 48000.",
          "anyOf": [
            {"type": "integer", "minimum": 8000, "maximum": 192000},
            {"$ref": "#/$defs/varRef"}
          ]
        },
        "channels": {
          "description": "1 (mono) or 2 (stereo); default 2.",
          "anyOf": [{"enum": [1, 2]}, {"$ref": "#/$defs/varRef"}],
          "default": 2
        },
        "loudness": {
          "description": "An integrated loudness target in LUFS (ITU-R BS.1770 / EBU R128), from -70 to -5: the mix is measured and gained to it, its true peak held at or under -1 dBTP. Default: none.",
          "anyOf": [{"type": "number", "minimum": -70, "maximum": -5}, {"$ref": "#/$defs/varRef"}]
        }
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false
    },
    "output": {
      "type": "object",
      "description": "What to write and how.",
      "properties": {
        "path": {
          "$ref": "#/$defs/path",
          "description": "Output file, relative to the project file; default the project file's name with `.mp4`. The container follows the extension: .mp4, .mov, .mkv, .webm, .m4a, .wav, .gif, .webp (an animated WebP that loops).",
          "anyOf": [
            {"pattern": "\\.(?:mp4|mov|mkv|webm|m4a|wav|gif|webp|MP4|MOV|MKV|WEBM|M4A|WAV|GIF|WEBP)$"},
            {"$ref": "#/$defs/varRef"}
          ]
        },
        "size": {
          "$ref": "#/$defs/size",
          "description": "Render size; default the display size of the first video item."
        },
        "fps": {
          "$ref": "#/$defs/fps",
          "description": "Constant output frame rate; default the first video item's when it is a common rate, else the common rate (10 to 60) nearest it; 30 with no video item."
        },
        "duration": {
          "$ref": "#/$defs/duration",
          "description": "Explicit length; default the end of the last item over all tracks (items with `until: end` excluded)."
        },
        "background": {
          "$ref": "#/$defs/color",
          "description": "What shows where no layer covers the frame; default black.",
          "default": "black"
        },
        "video": {"$ref": "#/$defs/videoSettings", "description": "Video encoding settings."},
        "audio": {
          "description": "`none` writes no audio stream; otherwise audio encoding settings. Default: on if any item has sound.",
          "anyOf": [
            {"const": "none"},
            {"$ref": "#/$defs/audioSettings"},
            {"$ref": "#/$defs/varRef"}
          ]
        },
        "faststart": {
          "$ref": "#/$defs/boolean",
          "description": "Put the moov atom first (mp4/mov), for playback while downloading; default true.",
          "default": true
        },
        "shader_budget": {
          "$ref": "#/$defs/duration",
          "description": "The longest a shader may take to draw one frame; one that takes longer stops the render with an error at its item. Default 2s."
        },
        "metadata": {
          "type": "object",
          "description": "Container tags, e.g. `{title: ..., comment: ...}`.",
          "additionalProperties": {"type": "string", "description": "A tag value."}
        },
        "subtitles": {
          "type": "object",
          "description": "Write a track's captions as a subtitle stream, in output time: mov_text in .mp4/.mov, WebVTT in .mkv/.webm.",
          "properties": {
            "from": {"type": "string", "description": "The name of the track whose captions are written.", "minLength": 1},
            "burn": {
              "$ref": "#/$defs/boolean",
              "description": "Draw them on the picture too; default false (the stream instead).",
              "default": false
            },
            "language": {
              "type": "string",
              "description": "The stream's language: ISO 639-1 (`en`) or ISO 639-2 (`eng`).",
              "pattern": "^[A-Za-z]{2,3}$"
            }
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["from"]
        }
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false
    },
    "asset": {
      "description": "A media file: a path (short form) or `{path, audio_stream, video_stream}`.",
      "anyOf": [
        {"$ref": "#/$defs/path"},
        {
          "type": "object",
          "description": "An asset in long form.",
          "properties": {
            "path": {
              "$ref": "#/$defs/path",
              "description": "The file, relative to the project file."
            },
            "audio_stream": {
              "description": "Index of the audio stream to use (0-based, among the file's audio streams).",
              "anyOf": [{"type": "integer", "minimum": 0}, {"$ref": "#/$defs/varRef"}]
            },
            "video_stream": {
              "description": "Index of the video stream to use (0-based, among the file's video streams).",
              "anyOf": [{"type": "integer", "minimum": 0}, {"$ref": "#/$defs/varRef"}]
            }
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["path"]
        }
      ]
    },
    "vars": {
      "type": "object",
      "description": "Variables: `${name}` inside any string is replaced by the value; `render --set name=value` overrides. `$${` writes a literal `${`.",
      "propertyNames": {"pattern": "^[A-Za-z_][A-Za-z0-9_-]*$"},
      "additionalProperties": {
        "type": ["string", "number", "boolean"],
        "description": "The variable's value."
      }
    },
    "groupBody": {
      "type": "object",
      "description": "An inline composition: its own tracks, drawn as one layer.",
      "properties": {
        "size": {
          "$ref": "#/$defs/size",
          "description": "The composition's picture size; default the output's size."
        },
        "duration": {
          "$ref": "#/$defs/duration",
          "description": "Its length; default the length of its own tracks. Needed when everything in it lasts `until: end`."
        },
        "tracks": {
          "type": "array",
          "description": "The composition's tracks, as a project's.",
          "minItems": 1,
          "items": {"$ref": "#/$defs/track"}
        }
      },
      "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
      "additionalProperties": false,
      "required": ["tracks"]
    },
    "composition": {
      "description": "A named timeline used by `composition:` items: its own tracks, or `file:` another project file.",
      "oneOf": [
        {
          "type": "object",
          "properties": {
            "size": {"$ref": "#/$defs/groupBody/properties/size"},
            "duration": {"$ref": "#/$defs/groupBody/properties/duration"},
            "tracks": {"$ref": "#/$defs/groupBody/properties/tracks"},
            "vars": {
              "$ref": "#/$defs/vars",
              "description": "Its parameters with their default values; a use's `vars` overrides them, and `${name}` inside looks here first."
            }
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["tracks"]
        },
        {
          "type": "object",
          "properties": {
            "file": {
              "$ref": "#/$defs/path",
              "description": "Another project file used as a composition: its paths resolve against its own folder; of its `output`, only `size`, `fps` and `duration` count."
            }
          },
          "patternProperties": {"^x-": {"$ref": "#/$defs/userMetadata"}},
          "additionalProperties": false,
          "required": ["file"]
        }
      ]
    },
    "userMetadata": {"description": "User metadata: keys starting with `x-` are ignored."}
  }
}
"""# + "\n"
}
