"""Checks the Spack recipe without Spack: it is Python, and its class Weft(CMakePackage) provides mpi,
depends on what the build finds, and gives dependents the wrappers.

    python3 spack_recipe_check.py <package.py>
"""
import ast
import sys

path = sys.argv[1]
tree = ast.parse(open(path).read(), path)
recipe = next((node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Weft"), None)
if recipe is None or [ast.unparse(base) for base in recipe.bases] != ["CMakePackage"]:
    sys.exit(f"{path}: no class Weft(CMakePackage)")

directives = {}
for statement in recipe.body:
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        call = statement.value
        arguments = [argument.value for argument in call.args if isinstance(argument, ast.Constant)]
        directives.setdefault(ast.unparse(call.func), []).extend(arguments[:1])
methods = {statement.name for statement in recipe.body if isinstance(statement, ast.FunctionDef)}

problems = []
if not any(spec.startswith("mpi") for spec in directives.get("provides", [])):
    problems.append('no provides("mpi...")')
for dependency in ("boost@1.74:+context", "hwloc", "libfabric", "pmix", "llvm@19+clang"):
    if not any(spec.startswith(dependency) for spec in directives.get("depends_on", [])):
        problems.append(f'no depends_on("{dependency}...")')
for method in ("cmake_args", "setup_dependent_build_environment", "setup_dependent_package"):
    if method not in methods:
        problems.append(f"no method {method}")
if problems:
    sys.exit(f"{path}: " + "; ".join(problems))
print("spack recipe: ok")
