// libass: ASS/SSA subtitles drawn with their own styles; fonts through fontconfig.
#include <ass/ass.h>
