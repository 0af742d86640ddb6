# Included by fortran_interface.cmake, with mpi.h's `declarations` and `f08_constants` read: writes F08,
# the mpi_f08 module's source, from mpi_f08.f90.in and what mpi.h tells: the handle types with == and /=,
# the constants as named constants of their types, and an interface for every routine whose Fortran 2008
# form the C declaration tells. Each interface is BIND(C) to the routine's mpif.h binding under the name
# MPI-3.1 17.1.5 gives mpi_f08's specific procedures (MPI_Send_f08, an alias of mpi_send_): under mpif.h's
# own name it would clash with the mpi module's MPI_SEND in a program that uses one module in some units
# and the other elsewhere, as the standard allows. The binding takes every argument by reference: a TYPE(MPI_Comm) is its one INTEGER, a TYPE(MPI_Status) its MPI_STATUS_SIZE INTEGERs, and an
# absent OPTIONAL ierror a null pointer the binding allows for. Routines with strings are procedures of the
# module around such an interface (f08_string_procedure). Routines with procedures, and those the module
# writes by hand (MPI_Init, the functions), are left to mpi_f08.f90.in.

# The C parameters that are LOGICAL in Fortran, by name (the C prototypes say int).
set(logical_names flag commute reorder periods remain_dims weighted)
# The f08 handle types, MPIX_Halo's among them.
set(handle_types MPI_Comm MPI_Datatype MPI_Errhandler MPI_File MPI_Group MPI_Info MPI_Message MPI_Op MPI_Request
    MPI_Session MPI_Win MPI_Halo MPI_Halo_exchange)
# Written by hand below, or not in mpi_f08 at all (the deprecated attribute calls and MPI-1's error handler
# calls, removed before mpi_f08 existed).
string(CONCAT f08_by_hand "^(Init|Init_thread|Wtime|Wtick|Aint_add|Aint_diff|Pcontrol|Attr_.*|Keyval_.*|Status_c2f"
       "|Status_f2c|Errhandler_create|Errhandler_set|Errhandler_get)$")
set(f08_not_typed "char|_function|\\.\\.\\.")

# Sets `declaration` to the Fortran declaration of C parameter `parameter` of routine `routine`: in
# mpi_f08's form, or with `interface_style` "mpi" in the mpi module's (handles and statuses as INTEGERs,
# procedures EXTERNAL, MPI-1's attribute values default INTEGERs).
function(f08_dummy parameter routine)
  if(parameter MATCHES "^(.*[^A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\\[\\]\\[([0-9]+)\\]$")
    set(base "${CMAKE_MATCH_1}")
    set(dummy "${CMAKE_MATCH_2}")
    set(shape "(${CMAKE_MATCH_3}, *)")
  elseif(parameter MATCHES "^(.*[^A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\\[\\]$")
    set(base "${CMAKE_MATCH_1}")
    set(dummy "${CMAKE_MATCH_2}")
    set(shape "(*)")
  elseif(parameter MATCHES "^(.*[^A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)$")
    set(base "${CMAKE_MATCH_1}")
    set(dummy "${CMAKE_MATCH_2}")
    set(shape "")
  endif()
  string(STRIP "${base}" base)
  set(const FALSE)
  if(base MATCHES "^const ")
    set(const TRUE)
    string(REGEX REPLACE "^const " "" base "${base}")
  endif()
  set(pointer FALSE)
  if(base MATCHES "\\*$")
    set(pointer TRUE)
    string(REGEX REPLACE " *\\*$" "" base "${base}")
  endif()
  # Inputs by value in C are INTENT(IN); what C reaches through a pointer may be written.
  set(intent "")
  if(NOT pointer AND shape STREQUAL "")
    set(intent ", intent(in)")
  elseif(const)
    set(intent ", intent(in)")
  endif()
  set(prefix "")
  set(mpi_style FALSE)
  if(interface_style STREQUAL "mpi")
    set(mpi_style TRUE)
  endif()
  if(mpi_style AND base MATCHES "_function$")
    set(type "external")
    set(intent "")
  elseif(mpi_style AND base STREQUAL "void" AND dummy MATCHES "^(attribute_val|extra_state)$" AND routine MATCHES "^(Attr_|Keyval_)")
    set(type "integer")
  elseif(mpi_style AND base STREQUAL "void" AND dummy MATCHES "^(baseptr|buffer_addr)$")
    # INTEGER(KIND=MPI_ADDRESS_KIND), or TYPE(C_PTR) as MPI-3.1 17.1.3 overloads it: both hold the address
    # the call stores. Declared as a choice buffer: flang passes a TYPE(C_PTR) to an INTEGER dummy by value.
    set(prefix "      !dir$ ignore_tkr(tkr) ${dummy}\n")
    set(type "type(*)")
    set(shape "(*)")
  elseif(mpi_style AND base STREQUAL "void" AND dummy MATCHES "^(attribute_val|extra_state)$")
    set(type "integer(MPI_ADDRESS_KIND)")
  elseif(base STREQUAL "void" AND dummy MATCHES "^(attribute_val|extra_state)$")
    set(type "integer(MPI_ADDRESS_KIND)")
  elseif(base STREQUAL "void")
    if(dummy MATCHES "^(baseptr|buffer_addr)$")
      set(type "type(c_ptr)")  # the call stores an address there
    else()
      # A choice buffer: any type and rank; the nonblocking calls' are ASYNCHRONOUS.
      set(prefix "    !dir$ ignore_tkr(tkr) ${dummy}\n")
      set(type "type(*)")
      set(shape "(*)")
      if(routine MATCHES "^(I[a-z]|R[a-z]|Start|.*_init$|Put|Get|Accumulate|Get_accumulate|Fetch_and_op|Compare_and_swap)")
        string(APPEND intent ", asynchronous")
      endif()
    endif()
  elseif(base STREQUAL "char" AND (pointer OR shape STREQUAL "(*)") AND NOT (pointer AND shape STREQUAL "(*)"))
    # A string: CHARACTER(*) in the procedure; its characters and length go to the binding.
    set(type "character(len=*)")
    set(shape "")
    if(const)
      set(intent ", intent(in)")
    else()
      set(intent ", intent(out)")
    endif()
    set(string_argument TRUE PARENT_SCOPE)
  elseif(base STREQUAL "int")
    list(FIND logical_names ${dummy} logical)
    if(logical EQUAL -1)
      set(type "integer")
    else()
      set(type "logical")
    endif()
  elseif(base STREQUAL "MPI_Aint")
    set(type "integer(MPI_ADDRESS_KIND)")
  elseif(base STREQUAL "MPI_Offset")
    set(type "integer(MPI_OFFSET_KIND)")
  elseif(base STREQUAL "MPI_Count")
    set(type "integer(MPI_COUNT_KIND)")
  elseif(base STREQUAL "MPI_F08_status")
    set(type "type(MPI_Status)")  # mpi_f08's own, also in the conversions the mpi module leaves out
  elseif(base STREQUAL "MPI_Fint")
    set(type "integer")
    if(dummy STREQUAL "f_status")
      set(shape "(MPI_STATUS_SIZE)")  # mpif.h's form of a status, a pointer in C
    endif()
  elseif(base STREQUAL "MPI_Status" AND mpi_style)
    set(type "integer")
    if(shape STREQUAL "")
      set(shape "(MPI_STATUS_SIZE)")
    else()
      set(shape "(MPI_STATUS_SIZE, *)")
    endif()
  elseif(base STREQUAL "MPI_Status")
    set(type "type(MPI_Status)")
  elseif(base IN_LIST handle_types AND mpi_style)
    set(type "integer")
  elseif(base IN_LIST handle_types)
    set(type "type(${base})")
  else()
    message(FATAL_ERROR "no Fortran 2008 type for '${parameter}' of MPI_${routine}")
  endif()
  set(declaration "${prefix}    ${type}${intent} :: ${dummy}${shape}" PARENT_SCOPE)
  set(dummy_name ${dummy} PARENT_SCOPE)
endfunction()

# Sets `dummies` (the dummy arguments' names, each followed by ", ") and `body` (their declarations) of
# routine `name` with C parameters `parameters`.
function(dummies_of name parameters)
  set(names "")
  set(declarations_text "")
  if(NOT parameters STREQUAL "void")
    string(REPLACE "," ";" parameter_list "${parameters}")
    foreach(parameter IN LISTS parameter_list)
      string(STRIP "${parameter}" parameter)
      f08_dummy("${parameter}" ${name})
      string(APPEND names "${dummy_name}, ")
      string(APPEND declarations_text "${declaration}\n")
    endforeach()
  endif()
  set(dummies "${names}" PARENT_SCOPE)
  set(body "${declarations_text}" PARENT_SCOPE)
endfunction()

# A routine with strings is a procedure of the module that passes each string's characters to the binding,
# through a BIND(C) interface weft_<lower>, and their lengths after ierror, where flang passes them. The
# procedure is named `<prefix>_<name><suffix>`.
function(f08_string_procedure name lower parameters suffix)
  set(dummies "")
  set(procedure_body "")
  set(binding_body "")
  set(actuals "")
  set(lengths "")
  set(length_dummies "")
  string(REPLACE "," ";" parameter_list "${parameters}")
  foreach(parameter IN LISTS parameter_list)
    string(STRIP "${parameter}" parameter)
    set(string_argument FALSE)
    f08_dummy("${parameter}" ${name})
    string(APPEND dummies "${dummy_name}, ")
    string(APPEND procedure_body "${declaration}\n")
    if(string_argument)
      string(APPEND binding_body "    character(kind=c_char) :: ${dummy_name}(*)\n")
      string(APPEND lengths ", len(${dummy_name}, kind=c_size_t)")
      string(APPEND length_dummies ", ${dummy_name}_length")
      string(APPEND binding_body "    integer(c_size_t), value :: ${dummy_name}_length\n")
    else()
      string(APPEND binding_body "${declaration}\n")
    endif()
  endforeach()
  # The routine and its profiling name, PMPI_<Name>, each over its own binding.
  set(procedures "")
  foreach(prefix MPI PMPI)
    string(APPEND procedures
      "  subroutine ${prefix}_${name}${suffix}(${dummies}ierror)\n${procedure_body}"
      "    integer, optional, intent(out) :: ierror\n"
      "    interface\n"
      "      subroutine weft_${lower}(${dummies}ierror${length_dummies}) bind(C, name=\"${prefix}_${name}_f08\")\n"
      "        import\n        implicit none\n${binding_body}"
      "        integer, intent(out) :: ierror\n"
      "      end subroutine weft_${lower}\n"
      "    end interface\n"
      "    integer :: error\n"
      "    call weft_${lower}(${dummies}error${lengths})\n"
      "    if (present(ierror)) ierror = error\n"
      "  end subroutine ${prefix}_${name}${suffix}\n")
  endforeach()
  set(F08_PROCEDURES "${F08_PROCEDURES}${procedures}" PARENT_SCOPE)
endfunction()

set(f08_interfaces "")
set(F08_PROCEDURES "")
# A routine with a large-count form is a generic name of two specific procedures, MPI_Send_f08 and
# MPI_Send_c_f08 (MPI-4.1, 19.2), each BIND(C) to its binding of that name.
set(f08_generic_names "")
foreach(declaration_text IN LISTS declarations)
  read_declaration("${declaration_text}")
  if(name MATCHES "${not_fortran}" OR name MATCHES "${f08_by_hand}" OR NOT result STREQUAL "int"
     OR "MPI_${name}" IN_LIST unbound_names OR (name MATCHES "_c$" AND NOT name IN_LIST fortran_large_names))
    continue()
  endif()
  string(TOLOWER ${name} lower)
  set(generic "")
  set(suffix "")
  if(parameters MATCHES "_function")
    # Written by hand (MPI_Op_create_c keeps its own name: a procedure argument cannot tell two apart).
  elseif(name IN_LIST fortran_large_names)
    string(REGEX REPLACE "_c$" "" generic ${name})
    set(suffix "_f08")
  elseif("${name}_c" IN_LIST fortran_large_names AND NOT "MPI_${name}_c" IN_LIST unbound_names)
    set(generic ${name})
    set(suffix "_f08")
  endif()
  if(NOT generic STREQUAL "")
    list(APPEND f08_generic_names ${generic})
  endif()
  if(parameters MATCHES "char (\\*[a-z_]+|[a-z_]+\\[\\])(,|$)" AND NOT parameters MATCHES "_function|\\.\\.\\.|char \\*\\*|char \\*[a-z_]+\\[\\]")
    f08_string_procedure(${name} ${lower} "${parameters}" "${suffix}")
    foreach(prefix MPI PMPI)
      if(NOT generic STREQUAL "")
        string(APPEND f08_generic_${prefix}_${generic} "    module procedure ${prefix}_${name}${suffix}\n")
      endif()
    endforeach()
    continue()
  endif()
  if(parameters MATCHES "${f08_not_typed}")
    continue()
  endif()
  dummies_of(${name} "${parameters}")
  # The routine and its profiling name, PMPI_<Name>, for tools written in Fortran.
  foreach(prefix MPI PMPI)
    string(CONCAT interface_body
      "  subroutine ${prefix}_${name}${suffix}(${dummies}ierror) bind(C, name=\"${prefix}_${name}_f08\")\n"
      "    import\n    implicit none\n${body}"
      "    integer, optional, intent(out) :: ierror\n"
      "  end subroutine ${prefix}_${name}${suffix}\n")
    if(generic STREQUAL "")
      string(APPEND f08_interfaces "${interface_body}")
    else()
      string(APPEND f08_generic_${prefix}_${generic} "${interface_body}")
    endif()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES f08_generic_names)
set(f08_generics "")
foreach(generic IN LISTS f08_generic_names)
  foreach(prefix MPI PMPI)
    string(APPEND f08_generics
      "  interface ${prefix}_${generic}\n${f08_generic_${prefix}_${generic}}  end interface ${prefix}_${generic}\n")
  endforeach()
endforeach()

# The handle types, and == and /= on each.
set(F08_TYPES "")
set(equality "")
set(inequality "")
foreach(handle_type IN LISTS handle_types)
  string(TOLOWER ${handle_type} lower_type)
  string(APPEND F08_TYPES "  type, bind(C) :: ${handle_type}\n    integer :: MPI_VAL\n  end type ${handle_type}\n")
  string(APPEND equality "    module procedure weft_${lower_type}_equal\n")
  string(APPEND inequality "    module procedure weft_${lower_type}_unequal\n")
  string(APPEND F08_PROCEDURES
    "  elemental logical function weft_${lower_type}_equal(a, b)\n"
    "    type(${handle_type}), intent(in) :: a, b\n"
    "    weft_${lower_type}_equal = a%MPI_VAL == b%MPI_VAL\n"
    "  end function weft_${lower_type}_equal\n"
    "  elemental logical function weft_${lower_type}_unequal(a, b)\n"
    "    type(${handle_type}), intent(in) :: a, b\n"
    "    weft_${lower_type}_unequal = a%MPI_VAL /= b%MPI_VAL\n"
    "  end function weft_${lower_type}_unequal\n")
endforeach()
string(CONCAT F08_DECLARATIONS
  "${f08_constants}\n"
  "  interface operator(==)\n${equality}  end interface\n"
  "  interface operator(/=)\n${inequality}  end interface\n\n"
  "  interface\n${f08_interfaces}  end interface\n${f08_generics}")
# mpi_f08's routines that take procedures, under their MPI_ and PMPI_ names: those of
# mpi_f08_callbacks.f90.in, the error handlers' creators (below) and the keyvals' (in the loop after).
file(READ ${CMAKE_CURRENT_LIST_DIR}/mpi_f08_callbacks.f90.in callback_template)
string(REGEX REPLACE "^(![^\n]*\n)+" "" callback_template "${callback_template}")
set(F08_CALLBACK_PROCEDURES "")
foreach(prefix MPI PMPI)
  string(REPLACE "@PREFIX@" ${prefix} expanded "${callback_template}")
  string(APPEND F08_CALLBACK_PROCEDURES "${expanded}")
  foreach(Kind Comm Win File Session)
    string(TOLOWER ${Kind} lower_kind)
    string(APPEND F08_CALLBACK_PROCEDURES
      "  subroutine ${prefix}_${Kind}_create_errhandler(${lower_kind}_errhandler_fn, errhandler, ierror)\n"
      "    procedure(MPI_${Kind}_errhandler_function) :: ${lower_kind}_errhandler_fn\n"
      "    type(MPI_Errhandler), intent(out) :: errhandler\n"
      "    integer, optional, intent(out) :: ierror\n"
      "    interface\n"
      "      subroutine binding(function, errhandler, ierror) &\n"
      "          bind(C, name=\"${prefix}_${Kind}_create_errhandler_f08\")\n        import\n"
      "        type(c_funptr), value :: function\n        type(MPI_Errhandler) :: errhandler\n"
      "        integer :: ierror\n"
      "      end subroutine binding\n    end interface\n"
      "    integer :: error\n"
      "    call binding(c_funloc(${lower_kind}_errhandler_fn), errhandler, error)\n"
      "    call weft_set_error(error, ierror)\n"
      "  end subroutine ${prefix}_${Kind}_create_errhandler\n")
  endforeach()
endforeach()
# What attributes need per kind of object (communicators, datatypes, windows): the abstract interfaces of
# the program's copy and delete procedures, MPI_*_CREATE_KEYVAL and its PMPI_ name, and the predefined
# MPI_*_NULL_COPY_FN, MPI_*_DUP_FN and MPI_*_NULL_DELETE_FN.
set(F08_ATTRIBUTE_PROCEDURES "")
foreach(kind "Comm;MPI_Comm;comm" "Type;MPI_Datatype;type" "Win;MPI_Win;win")
  list(GET kind 0 Kind)
  list(GET kind 1 handle_type)
  list(GET kind 2 lower_kind)
  string(TOUPPER ${lower_kind} upper_kind)
  set(copy_dummies "(old, keyval, extra_state, attribute_val_in, attribute_val_out, flag, ierror)")
  set(copy_declarations
    "      type(${handle_type}) :: old\n      integer :: keyval, ierror\n"
    "      integer(kind=MPI_ADDRESS_KIND) :: extra_state, attribute_val_in, attribute_val_out\n"
    "      logical :: flag\n")
  set(delete_dummies "(object, keyval, attribute_val, extra_state, ierror)")
  set(delete_declarations
    "      type(${handle_type}) :: object\n      integer :: keyval, ierror\n"
    "      integer(kind=MPI_ADDRESS_KIND) :: attribute_val, extra_state\n")
  string(CONCAT copy_declarations ${copy_declarations})
  string(CONCAT delete_declarations ${delete_declarations})
  string(APPEND F08_ATTRIBUTE_PROCEDURES
    "    subroutine MPI_${Kind}_copy_attr_function${copy_dummies}\n      import\n${copy_declarations}"
    "    end subroutine MPI_${Kind}_copy_attr_function\n"
    "    subroutine MPI_${Kind}_delete_attr_function${delete_dummies}\n      import\n${delete_declarations}"
    "    end subroutine MPI_${Kind}_delete_attr_function\n")
  # The dummies' names are the standard's, for calls with keywords.
  set(copy_fn ${lower_kind}_copy_attr_fn)
  set(delete_fn ${lower_kind}_delete_attr_fn)
  foreach(prefix MPI PMPI)
    string(APPEND F08_CALLBACK_PROCEDURES
      "  subroutine ${prefix}_${Kind}_create_keyval(${copy_fn}, ${delete_fn}, ${lower_kind}_keyval, extra_state, ierror)\n"
      "    procedure(MPI_${Kind}_copy_attr_function) :: ${copy_fn}\n"
      "    procedure(MPI_${Kind}_delete_attr_function) :: ${delete_fn}\n"
      "    integer, intent(out) :: ${lower_kind}_keyval\n    integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state\n"
      "    integer, optional, intent(out) :: ierror\n"
      "    interface\n"
      "      subroutine binding(copy_fn, delete_fn, keyval, extra_state, ierror) &\n"
      "          bind(C, name=\"${prefix}_${Kind}_create_keyval_f08\")\n        import\n"
      "        type(c_funptr), value :: copy_fn, delete_fn\n        integer :: keyval, ierror\n"
      "        integer(kind=MPI_ADDRESS_KIND) :: extra_state\n"
      "      end subroutine binding\n    end interface\n"
      "    integer :: error\n    integer(kind=MPI_ADDRESS_KIND) :: state\n    state = extra_state\n"
      "    call binding(c_funloc(${copy_fn}), c_funloc(${delete_fn}), ${lower_kind}_keyval, state, error)\n"
      "    call weft_set_error(error, ierror)\n"
      "  end subroutine ${prefix}_${Kind}_create_keyval\n")
  endforeach()
  string(APPEND F08_PROCEDURES
    "  subroutine MPI_${upper_kind}_NULL_COPY_FN${copy_dummies}\n${copy_declarations}"
    "    flag = .false.\n    ierror = MPI_SUCCESS\n  end subroutine MPI_${upper_kind}_NULL_COPY_FN\n"
    "  subroutine MPI_${upper_kind}_DUP_FN${copy_dummies}\n${copy_declarations}"
    "    attribute_val_out = attribute_val_in\n    flag = .true.\n    ierror = MPI_SUCCESS\n"
    "  end subroutine MPI_${upper_kind}_DUP_FN\n"
    "  subroutine MPI_${upper_kind}_NULL_DELETE_FN${delete_dummies}\n${delete_declarations}"
    "    ierror = MPI_SUCCESS\n  end subroutine MPI_${upper_kind}_NULL_DELETE_FN\n")
endforeach()

# MPIX_Halo's calls on an exchange alone, alike but for the exchange's intent.
set(F08_HALO_EXCHANGE_STEPS "")
foreach(step "Halo_exchange_commit;in" "Halo_iexchange;in" "Halo_iexchange_wait;in" "Halo_exchange;in"
        "Halo_exchange_release;inout")
  list(GET step 0 name)
  list(GET step 1 intent)
  string(APPEND F08_HALO_EXCHANGE_STEPS
    "    subroutine MPIX_${name}(exchange, ierror) bind(C, name=\"MPIX_${name}_f08\")\n      import\n"
    "      type(MPI_Halo_exchange), intent(${intent}) :: exchange\n"
    "      integer, optional, intent(out) :: ierror\n    end subroutine MPIX_${name}\n")
endforeach()

configure_file(${CMAKE_CURRENT_LIST_DIR}/mpi_f08.f90.in ${F08} @ONLY)

# The mpi module's interfaces: every bound routine but those mpif.h declares (the functions) and those
# with argv (which Fortran's forms have not), with ierror required, as MPI-3.1 17.1.3 gives them.
set(interface_style mpi)
set(mpi_interfaces "")
foreach(declaration_text IN LISTS declarations)
  read_declaration("${declaration_text}")
  if(name MATCHES "${not_fortran}" OR name MATCHES "_c$"
     OR name MATCHES "^(Init|Init_thread|Info_create_env|Wtime|Wtick|Aint_add|Aint_diff|Pcontrol|Status_f082f|Status_f2f08)$"
     OR NOT result STREQUAL "int" OR "MPI_${name}" IN_LIST unbound_names OR parameters MATCHES "\\.\\.\\.|char \\*\\*")
    continue()
  endif()
  dummies_of(${name} "${parameters}")
  string(APPEND mpi_interfaces
    "    subroutine MPI_${name}(${dummies}ierror)\n"
    "      import\n      implicit none\n${body}"
    "      integer, intent(out) :: ierror\n"
    "    end subroutine MPI_${name}\n")
endforeach()
# MPI_Init's, MPI_Init_thread's and MPI_Info_create_env's C forms take argc and argv, which Fortran's have
# not; MPI_Pcontrol's C form is variadic; MPI_F_sync_reg has none.
string(CONCAT mpi_interfaces "${mpi_interfaces}"
  "    subroutine MPI_Info_create_env(info, ierror)\n      integer, intent(out) :: info, ierror\n"
  "    end subroutine MPI_Info_create_env\n"
  "    subroutine MPI_Init(ierror)\n      integer, intent(out) :: ierror\n    end subroutine MPI_Init\n"
  "    subroutine MPI_Init_thread(required, provided, ierror)\n      integer, intent(in) :: required\n"
  "      integer, intent(out) :: provided, ierror\n    end subroutine MPI_Init_thread\n"
  "    subroutine MPI_Pcontrol(level)\n      integer, intent(in) :: level\n    end subroutine MPI_Pcontrol\n"
  "    subroutine MPI_F_sync_reg(buf)\n      !dir$ ignore_tkr(tkr) buf\n      type(*) :: buf(*)\n"
  "    end subroutine MPI_F_sync_reg\n")
string(CONCAT mpi_interface_source
  "! Generated by fortran_interface.cmake (mpi_f08_declarations.cmake) from mpi.h: the mpi module's\n"
  "! interfaces.\n  interface\n${mpi_interfaces}  end interface\n")
file(CONFIGURE OUTPUT ${MPI_INTERFACES} CONTENT "${mpi_interface_source}" @ONLY)
