# The commands a new user runs: `make demo` renders an example, `make test` runs the tests.
SWIFT ?= swift
RENDER = .build/release/render

.PHONY: deps build demo test schema clean

deps:
	scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release --product render

demo: build
	$(RENDER) examples/showcase.yaml

test: deps
	$(SWIFT) test

# After editing schema/cutlist.schema.json: rebuilds the copy that `render schema` prints.
schema:
	scripts/embed-schema.sh

clean:
	rm -rf .build
