# The commands a new user runs: `make demo` makes the examples' media and renders an
# example, `make test` runs the tests.
SWIFT ?= swift
RENDER = .build/release/render
PREFIX ?= /usr/local

.PHONY: deps build demo test lint schema clean media install uninstall man

deps:
	scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release --product render-cli
	$(SWIFT) build -c release --product render

demo: build media
	$(RENDER) examples/showcase.yaml

test: lint
	scripts/install-deps.sh --test
	$(SWIFT) test

# Formatting follows .swift-format; `swift format format -i -r Sources Tests` fixes it.
# Backend's folders are layers: check-layers.sh fails when two use each other.
lint:
	$(SWIFT) format lint --strict -r Sources Tests Fuzz Package.swift
	scripts/check-layers.sh

# After editing schema/cutlist.schema.json: rebuilds the copy that `render schema` prints.
schema:
	scripts/embed-schema.sh

clean:
	rm -rf .build

# render, render-cli, the man page and shell completions under $(DESTDIR)$(PREFIX).
install: build
	scripts/install.sh .build/release "$(DESTDIR)$(PREFIX)"

uninstall:
	scripts/install.sh --uninstall "$(DESTDIR)$(PREFIX)"

# Regenerates docs/render.1 from the command definitions (a test fails when it lags behind --help).
man:
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --date 2026-11-29
	cp .build/plugins/GenerateManual/outputs/render-cli/render.1 docs/render.1

# Sample media for examples/: each examples/media/NAME.EXT.yaml is a Cutlist
# project made of generated sources (colours, text, patterns, tones) that
# renders to examples/media/NAME.EXT (a still's first frame for .png).
MEDIA_PROJECTS := $(wildcard examples/media/*.yaml)
MEDIA := $(MEDIA_PROJECTS:.yaml=)

media: $(MEDIA)
$(MEDIA): | build

examples/media/%.png: examples/media/%.png.yaml
	$(RENDER) frame $< --at 0 -o $@

examples/media/%.mp4: examples/media/%.mp4.yaml
	$(RENDER) $< -o $@ --progress none

examples/media/%.m4a: examples/media/%.m4a.yaml
	$(RENDER) $< -o $@ --progress none
