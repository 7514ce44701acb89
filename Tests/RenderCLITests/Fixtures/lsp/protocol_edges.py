"""The protocol's edges of `render lsp`, driven by pygls's language client (a
second client beside Neovim's): framing split across reads, malformed headers
and JSON, requests before `initialize`, unknown methods, cancellation, and the
exit status after `exit` with and without `shutdown`.

    python3 protocol_edges.py RENDER PROJECT_FOLDER

Prints one line per check; LanguageServerCLITests compares them with what the
protocol says."""
import asyncio
import json
import os
import sys

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.client import LanguageClient

RENDER, FOLDER = sys.argv[1], sys.argv[2]


def framed(message):
    body = json.dumps(message, ensure_ascii=False).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


async def started():
    client = LanguageClient("protocol-edges", "1")
    await client.start_io(RENDER, "lsp", cwd=FOLDER)
    client.responses = []
    client.diagnostics = asyncio.Queue()
    handle = client.protocol._handle_response

    def spy(msg_id, result=None, error=None):
        client.responses.append((msg_id, error.code if error is not None else None))
        handle(msg_id, result, error)

    client.protocol._handle_response = spy

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params):
        client.diagnostics.put_nowait(params)

    return client


async def raw(client, *pieces):
    """Writes bytes to the server as they are, each piece on its own, a moment apart."""
    for piece in pieces:
        client._server.stdin.write(piece)
        await client._server.stdin.drain()
        await asyncio.sleep(0.1)


async def response(client, msg_id):
    for _ in range(100):
        for seen, code in client.responses:
            if seen == msg_id:
                return code
        await asyncio.sleep(0.05)
    return "no response"


async def main():
    client = await started()
    hover = types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri="file:///none.yaml"), position=types.Position(line=0, character=0))
    try:
        await client.text_document_hover_async(hover)
        print("before initialize: answered")
    except JsonRpcException as error:
        print("before initialize:", error.code)
    result = await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    print("position encoding:", result.capabilities.position_encoding)
    client.initialized(types.InitializedParams())

    path = os.path.join(FOLDER, "edges.yaml")
    uri = "file://" + path
    text = open(path, encoding="utf-8").read()
    message = framed({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
    # Cut inside the header, inside the body, and inside a character of several bytes.
    inside_character = message.index("字".encode()) + 1
    await raw(client, message[:7], message[7:30], message[30:inside_character], message[inside_character:])
    published = await asyncio.wait_for(client.diagnostics.get(), 20)
    for diagnostic in published.diagnostics:
        start, end = diagnostic.range.start, diagnostic.range.end
        print(f"split message: {start.line}:{start.character}-{end.line}:{end.character}", diagnostic.message.split("\n")[0])

    await raw(client, b'Content-Length: 9\r\n\r\n{"id": 1,')
    print("malformed JSON:", await response(client, None))
    client.responses.clear()
    await raw(client, b"Content-Length: many\r\n\r\n")
    print("malformed header:", await response(client, None))

    try:
        await client.protocol.send_request_async("cutlist/unknown", {})
        print("unknown method: answered")
    except JsonRpcException as error:
        print("unknown method:", error.code)

    # A request and its cancellation read together: the request is not worked on.
    request = framed({"jsonrpc": "2.0", "id": "c1", "method": "textDocument/hover", "params": {
        "textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}})
    cancel = framed({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": "c1"}})
    await raw(client, request + cancel)
    print("cancelled:", await response(client, "c1"))

    await client.shutdown_async(None)
    client.exit(None)
    print("exit after shutdown:", await asyncio.wait_for(client._server.wait(), 20))
    await client.stop()

    client = await started()
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    client.exit(None)
    print("exit without shutdown:", await asyncio.wait_for(client._server.wait(), 20))
    await client.stop()


asyncio.run(main())
