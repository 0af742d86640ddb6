// What the C++ privatization test shares between its translation units and its static library.
#pragma once

#include <string>
#include <vector>

// The static-registration idiom: globals whose constructors add themselves to a registry that lives in a
// function-local static.
std::vector<std::string>& registry();
struct registrar {
  explicit registrar(const char* name) { registry().emplace_back(name); }
};

// A static member of a template, instantiated in several translation units.
template <class T>
struct instances {
  static int count;
};
template <class T>
int instances<T>::count = 0;

// Inline variables: one object per rank, whichever translation unit names it.
inline int inline_number = 3;
inline std::string inline_name = "inline";

// Defined in globals_lib.cpp (a static library).
extern std::string library_text;
int* inline_number_seen_by_library();
int library_instances();
