// EGL and OpenGL ES 3: shaders drawn offscreen, on a GPU or on Mesa's llvmpipe.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
