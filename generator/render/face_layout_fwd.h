// Forward view of the layout types the painter draws.
#pragma once

#include "generator/layout/face_layout.h"
#include "generator/layout/template.h"
