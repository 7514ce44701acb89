"""Drives `render mcp` with the reference client (PyPI `mcp`) and prints what it sees, one JSON line per step."""
import asyncio, base64, json, struct, sys, zlib

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def png(data):
    """Width, height and the first pixel's RGB of an 8-bit RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    offset, width, height, colour, idat = 8, 0, 0, 0, b""
    while offset < len(data):
        size, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + size]
        if kind == b"IHDR":
            width, height, _, colour = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        offset += 12 + size
    rows = zlib.decompress(idat)
    # The first row's first pixel is stored as is under every filter.
    return width, height, list(rows[1:4])


async def main(render, folder):
    steps = []
    params = StdioServerParameters(command=render, args=["mcp", "--root", folder])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            steps.append({"tools": sorted(tool.name for tool in tools.tools)})
            broken = await session.call_tool("check", {"project": "broken.yaml"})
            steps.append({"check": broken.is_error, "text": broken.content[0].text})
            frame = await session.call_tool("frame", {"project": "good.yaml", "at": "0.5", "size": "64x36"})
            width, height, pixel = png(base64.b64decode(frame.content[0].data))
            steps.append({"frame": [width, height], "mime": frame.content[0].mime_type, "pixel": pixel})
            seen = []

            async def progress(done, total, message):
                seen.append([done, total])

            rendered = await session.call_tool(
                "render", {"project": "good.yaml", "output": "out.mp4"}, progress_callback=progress)
            steps.append({"render": rendered.is_error, "text": rendered.content[0].text, "progress": seen})
            outside = await session.call_tool("check", {"project": "../elsewhere.yaml"})
            steps.append({"outside": outside.is_error, "text": outside.content[0].text})
            media = await session.call_tool("render", {"project": "far.yaml"})
            steps.append({"media": media.is_error, "text": media.content[0].text})
    for step in steps:
        print(json.dumps(step))


asyncio.run(main(sys.argv[1], sys.argv[2]))
